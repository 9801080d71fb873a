// `npm run admin -- users <command> [EMAIL]`: parses the arguments, runs the command, and answers with the lines to
// print and an exit code (0 done, 1 refused, 2 misused); the caller prints them, so tests read the same answer.
import "server-only";
import { IMPORT_USAGE, runImportCommand } from "./admin-import";
import { AdminCommandError, createUser, deleteUser, disableUser, enableUser, listUsers, makeAdmin, resetPassword, type AdminUserRow } from "./admin-users";

export type CommandAnswer = { exitCode: number; stdout: string[]; stderr: string[] };

export const ADMIN_USAGE = [
  "Usage: npm run admin -- users <command> | import ...",
  "  users list                    every account: email, name, role, status, created",
  "  users create EMAIL [--name N] a new account with a one-time password (changed at the first sign-in)",
  "  users reset-password EMAIL    a new one-time password; every session of the account ends",
  "  users disable EMAIL           no sign-in, every session and API access ends",
  "  users enable EMAIL            undoes disable",
  "  users delete EMAIL            the account and all its data, for good",
  "  users make-admin EMAIL        gives the account the admin role",
  ...IMPORT_USAGE,
];

const misused = (message: string): CommandAnswer => ({ exitCode: 2, stdout: [], stderr: [message, "", ...ADMIN_USAGE] });
const done = (...stdout: string[]): CommandAnswer => ({ exitCode: 0, stdout, stderr: [] });

function formatTable(rows: AdminUserRow[]): string[] {
  if (rows.length === 0) return ["No accounts yet."];
  const header = { email: "EMAIL", name: "NAME", role: "ROLE", status: "STATUS", createdAt: "CREATED" };
  const columns = ["email", "name", "role", "status", "createdAt"] as const;
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: AdminUserRow) =>
    columns
      .map((column, index) => row[column].padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

const oneTimePasswordLines = (email: string, password: string) => [
  `One-time password for ${email}: ${password}`,
  "Give it to the person over a private channel; they must choose their own password when they sign in.",
];

async function runUsersCommand(command: string | undefined, rest: string[]): Promise<CommandAnswer> {
  const email = rest[0] ?? "";
  const needsEmail = () => (email === "" || email.startsWith("--") ? misused(`users ${command} needs an EMAIL.`) : null);
  switch (command) {
    case "list":
      return rest.length > 0 ? misused("users list takes no arguments.") : done(...formatTable(await listUsers()));
    case "create": {
      const missing = needsEmail();
      if (missing) return missing;
      const options = rest.slice(1);
      if (options.length > 0 && !(options[0] === "--name" && options.length === 2)) return misused(`Unexpected arguments: ${options.join(" ")}.`);
      return done(`Created the account ${email.toLowerCase()}.`, ...oneTimePasswordLines(email.toLowerCase(), await createUser({ email, name: options[1] })));
    }
    case "reset-password":
    case "disable":
    case "enable":
    case "delete":
    case "make-admin": {
      const missing = needsEmail();
      if (missing) return missing;
      if (rest.length > 1) return misused(`Unexpected arguments: ${rest.slice(1).join(" ")}.`);
      if (command === "reset-password") return done(...oneTimePasswordLines(email, await resetPassword(email)), "Every session of the account was signed out.");
      if (command === "disable") return (await disableUser(email), done(`Disabled ${email}: it cannot sign in, and its sessions and API access ended.`));
      if (command === "enable") return (await enableUser(email), done(`Enabled ${email}: it can sign in again.`));
      if (command === "delete") return (await deleteUser(email), done(`Deleted ${email} and all its data.`));
      return (await makeAdmin(email), done(`${email} is now an admin.`));
    }
    default:
      return misused(command ? `Unknown command: users ${command}.` : "Name a users command.");
  }
}

/** Today for the command's "not in the future" check: the latest calendar day anywhere (UTC+14), so that no reading
 * already taken somewhere is refused; the file's own days are what gets stored. */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export async function runAdminCommand(argv: readonly string[]): Promise<CommandAnswer> {
  const [group, command, ...rest] = argv;
  if (group === "--help" || group === "help" || group === undefined)
    return { exitCode: group === undefined ? 2 : 0, stdout: group === undefined ? [] : ADMIN_USAGE, stderr: group === undefined ? ADMIN_USAGE : [] };
  if (group === "import") {
    try {
      const answer = await runImportCommand(
        [command ?? "", ...rest].filter((argument, index) => index > 0 || argument !== ""),
        { today: latestToday() },
      );
      return "misuse" in answer ? misused(answer.misuse) : answer;
    } catch (error) {
      if (error instanceof AdminCommandError) return { exitCode: 1, stdout: [], stderr: [error.message] };
      throw error;
    }
  }
  if (group !== "users") return misused(`Unknown command group: ${group}.`);
  try {
    return await runUsersCommand(command, rest);
  } catch (error) {
    if (error instanceof AdminCommandError) return { exitCode: 1, stdout: [], stderr: [error.message] };
    throw error;
  }
}
