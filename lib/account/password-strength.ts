// The server's side of the password-strength thread (password-strength-thread.mjs): it starts on the first check and
// stops after a while without one, so the dictionaries are held only around the moments people set passwords.
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Locale } from "@/lib/i18n/locale";

export type PasswordEstimate = {
  /** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** What the estimator scored: the password cut to its 64-character bound. */
  scoredPassword: string;
  /** zxcvbn's reason, in the request's language, when it names one. */
  warning?: string;
  suggestions: string[];
};

type Reply = { id: number; ok: true; estimate: PasswordEstimate } | { id: number; ok: false; message: string };
type Waiting = { resolve: (estimate: PasswordEstimate) => void; reject: (error: Error) => void };

/** How long the thread stays without a check before it stops: a burst of sign-ups shares one start (about 0.5 s). */
const IDLE_MS = 60_000;

/** Where the thread's code is: beside this file in the repository, which `npm start` and the tests run from. */
const threadFile = () => path.join(process.cwd(), "lib", "account", "password-strength-thread.mjs");

let thread: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
let nextId = 0;
let idleTimer: NodeJS.Timeout | undefined;

function start(): NonNullable<typeof thread> {
  const worker = new Worker(threadFile());
  const started = { worker, waiting: new Map<number, Waiting>() };
  thread = started;
  worker.on("message", (reply: Reply) => {
    const waiting = started.waiting.get(reply.id);
    if (!waiting) return;
    started.waiting.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.estimate);
    else waiting.reject(new Error(`the password-strength thread failed: ${reply.message}`));
    if (started.waiting.size === 0) idle(started);
  });
  // A thread that fails or stops fails its unanswered checks (the password is refused by the caller's error path,
  // never accepted unchecked); the next check starts a new thread.
  const fail = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const waiting of started.waiting.values()) waiting.reject(error);
    started.waiting.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the password-strength thread stopped (exit code ${code}) before answering`)));
  return started;
}

function idle(running: NonNullable<typeof thread>): void {
  running.worker.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (thread !== running || running.waiting.size > 0) return;
    thread = undefined;
    void running.worker.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

/** Scores a password on the thread, against the dictionaries and the person's own details (`userInputs`). */
export function estimatePasswordStrength(options: { password: string; userInputs: string[]; locale: Locale }): Promise<PasswordEstimate> {
  const running = thread ?? start();
  clearTimeout(idleTimer);
  const id = nextId++;
  return new Promise<PasswordEstimate>((resolve, reject) => {
    running.waiting.set(id, { resolve, reject });
    running.worker.ref();
    running.worker.postMessage({ id, ...options });
  });
}

/** Whether the thread is running (for tests of its lifecycle). */
export function isPasswordStrengthThreadRunning(): boolean {
  return thread !== undefined;
}

/** Stops the thread now, failing any check still waiting (tests; a server lets it stop when idle). */
export async function stopPasswordStrengthThread(): Promise<void> {
  const running = thread;
  thread = undefined;
  clearTimeout(idleTimer);
  if (running) await running.worker.terminate();
}
