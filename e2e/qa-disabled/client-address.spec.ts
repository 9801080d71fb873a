// `npm start` without PALESTRA_TRUST_PROXY (this server's default): the sign-in limit counts the TCP connection's
// address, so a client that sends its own X-Forwarded-For cannot give each attempt a new address.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { newClientAddress } from "../credentials";

test("a client's own X-Forwarded-For does not reset the sign-in limit: 10 attempts, then 429 whatever address it claims", async ({ baseURL }) => {
  const client = await playwrightRequest.newContext({ baseURL });
  const statuses: number[] = [];
  for (let index = 0; index < 11; index += 1) {
    const attempt = await client.post("/api/auth/sign-in/email", {
      data: { email: "nobody@example.test", password: "wrong-password" },
      headers: { origin: baseURL ?? "", "x-forwarded-for": newClientAddress() },
    });
    statuses.push(attempt.status());
  }
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
  await client.dispose();
});
