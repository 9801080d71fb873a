// A scripted model that invents a number: it asks get_trend, then answers with the trend the tool returned and a goal
// weight and date of its own making. For the E2E that shows the chat's mark and the trace's finding, and for QA by hand
// (POST it to the fake's /_script, then ask the Coach anything).

export const INVENTED_NUMBER = "65";

export function inventsANumber(options: { field?: string } = {}) {
  return [
    { toolCalls: [{ callId: "call_trend_invented", name: "get_trend", arguments: JSON.stringify({ field: options.field ?? "weight_kg" }) }] },
    { text: `Your trend is 80.2 kg. At this pace you will weigh ${INVENTED_NUMBER} kg by spring.` },
  ];
}
