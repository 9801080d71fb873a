// The METRICS_TOKEN the E2E app server runs with (playwright.config.ts), so the suite proves /api/metrics is guarded.
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";
