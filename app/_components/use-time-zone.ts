"use client";
// The reader's time zone: "UTC" while the server renders and the page hydrates (so both agree), then the browser's own.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverZone = () => "UTC";

export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserZone, serverZone);
}
