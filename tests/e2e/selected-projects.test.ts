// playwright.config.ts starts the web servers of the projects a run selects: one spec of one project starts only its own.
import { describe, expect, it } from "vitest";
import { selectedProjects, serversFor } from "@/e2e/selected-projects";

const known = ["chromium", "fake-provider", "qa-disabled", "signup-closed", "postgres", "scale-out", "screenshots"];

describe("selectedProjects", () => {
  it("is every project when none is named", () => {
    expect(selectedProjects(["node", "playwright", "test", "e2e/auth.spec.ts"], known)).toEqual(known);
  });

  it("reads --project=name, --project name and several of them, in the config's order", () => {
    expect(selectedProjects(["test", "--project=postgres", "--project", "chromium", "e2e/chat.spec.ts"], known)).toEqual(["chromium", "postgres"]);
    expect(selectedProjects(["test", "--project", "qa-disabled", "signup-closed", "--workers=1"], known)).toEqual(["qa-disabled", "signup-closed"]);
  });

  it("matches Playwright's wildcards, case-insensitively", () => {
    expect(selectedProjects(["test", "--project=S*"], known)).toEqual(["signup-closed", "scale-out", "screenshots"]);
    expect(selectedProjects(["test", "--project=CHROMIUM"], known)).toEqual(["chromium"]);
  });
});

describe("serversFor", () => {
  const all = ["app", "fake", "qa-off", "postgres"];
  const needs = { chromium: ["app"], "fake-provider": ["app", "fake"], postgres: ["postgres"] };

  it("starts each needed server once, in the configured order", () => {
    expect(serversFor({ projects: ["postgres", "fake-provider", "chromium"], needs, all })).toEqual(["app", "fake", "postgres"]);
    expect(serversFor({ projects: ["chromium"], needs, all })).toEqual(["app"]);
  });

  it("starts every server for a project that declares no needs", () => {
    expect(serversFor({ projects: ["qa-disabled"], needs, all })).toEqual(all);
  });
});
