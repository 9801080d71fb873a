// The fields an edit on /measurements empties: a page-only input, never an argument of the save_measurement tool.
import { z } from "zod";
import { measurementFields } from "./fields";

/**
 * Why a list beside the save's arguments instead of a change to them: the tool's arguments are fixed by
 * the tool contract (a save only sets values), and "clear waist_cm" must be said explicitly, because an absent value
 * means "leave it as stored". The edit form names only the fields the person emptied, so a value saved meanwhile by
 * the Coach (a field the form never showed) is left alone. Each field at most once.
 */
export const clearFieldsSchema = z
  .array(z.enum(measurementFields))
  .max(measurementFields.length)
  .refine((fields) => new Set(fields).size === fields.length, "each field at most once");
export type ClearFields = z.infer<typeof clearFieldsSchema>;
