// Figure 6: first-load JavaScript of a page, in kB gzip, from the production build's own manifests: the framework's
// root chunks (build-manifest.json rootMainFiles) plus every chunk the page's client-reference manifest lists for its
// layouts and the page itself (entryJSFiles), each file counted once. Polyfills load only in legacy browsers (nomodule)
// and are left out, as Next's own size report did.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

type RouteManifest = { entryJSFiles?: Record<string, string[]> };

/** The app path ("/(chat)/page") that serves a URL path ("/"), from server/app-paths-manifest.json. */
export function findAppPath(options: { nextDirectory: string; route: string }): string | undefined {
  const manifestFile = path.join(options.nextDirectory, "server", "app-paths-manifest.json");
  const appPaths = Object.keys(JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, string>);
  const urlOf = (appPath: string) => {
    const segments = appPath.split("/").filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment));
    if (segments.at(-1) !== "page") return undefined;
    return `/${segments.slice(0, -1).join("/")}`;
  };
  return appPaths.find((appPath) => urlOf(appPath) === options.route);
}

function readClientReferenceManifest(options: { nextDirectory: string; appPath: string }): RouteManifest {
  const file = path.join(options.nextDirectory, "server", "app", `${options.appPath}_client-reference-manifest.js`);
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, RouteManifest> } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
  const manifest = sandbox.__RSC_MANIFEST?.[options.appPath];
  if (!manifest) throw new Error(`${file} has no entry for ${options.appPath}`);
  return manifest;
}

export type PageWeight = { route: string; appPath: string; files: string[]; gzipBytes: number; frameworkGzipBytes: number };

export function measurePageWeight(options: { nextDirectory: string; route: string }): PageWeight {
  const { nextDirectory, route } = options;
  const appPath = findAppPath({ nextDirectory, route });
  if (!appPath) throw new Error(`the build has no page for ${route}`);
  const buildManifest = JSON.parse(fs.readFileSync(path.join(nextDirectory, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const pageFiles = Object.values(readClientReferenceManifest({ nextDirectory, appPath }).entryJSFiles ?? {}).flat();
  const files = [...new Set([...buildManifest.rootMainFiles, ...pageFiles])].filter((file) => file.endsWith(".js"));
  const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(nextDirectory, file)), { level: 9 }).length;
  const sum = (list: readonly string[]) => list.reduce((total, file) => total + gzipSize(file), 0);
  return { route, appPath, files, gzipBytes: sum(files), frameworkGzipBytes: sum(buildManifest.rootMainFiles) };
}
