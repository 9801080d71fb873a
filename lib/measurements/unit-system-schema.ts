// The unit preference as a zod schema, for the forms, the auth field and the offline coach that parse it.
import { z } from "zod";
import { unitSystems } from "./unit-system";

export const unitSystemSchema = z.enum(unitSystems);
