// Human names of the measurement fields and their units, per language (UI and messages).
import type { Locale } from "@/lib/i18n/locale";
import type { MeasurementField } from "./fields";

type Label = { label: string; unitName: string };

export const fieldLabels: Record<Locale, Record<MeasurementField, Label>> = {
  en: {
    weight_kg: { label: "Weight", unitName: "kilograms" },
    body_fat_pct: { label: "Body fat", unitName: "percent" },
    neck_cm: { label: "Neck", unitName: "centimetres" },
    chest_cm: { label: "Chest", unitName: "centimetres" },
    waist_cm: { label: "Waist", unitName: "centimetres" },
    hips_cm: { label: "Hips", unitName: "centimetres" },
    biceps_cm: { label: "Biceps", unitName: "centimetres" },
    quadriceps_cm: { label: "Quadriceps", unitName: "centimetres" },
    calf_cm: { label: "Calf", unitName: "centimetres" },
    height_cm: { label: "Height", unitName: "centimetres" },
  },
  es: {
    weight_kg: { label: "Peso", unitName: "kilogramos" },
    body_fat_pct: { label: "Grasa corporal", unitName: "por ciento" },
    neck_cm: { label: "Cuello", unitName: "centímetros" },
    chest_cm: { label: "Pecho", unitName: "centímetros" },
    waist_cm: { label: "Cintura", unitName: "centímetros" },
    hips_cm: { label: "Cadera", unitName: "centímetros" },
    biceps_cm: { label: "Bíceps", unitName: "centímetros" },
    quadriceps_cm: { label: "Cuádriceps", unitName: "centímetros" },
    calf_cm: { label: "Pantorrilla", unitName: "centímetros" },
    height_cm: { label: "Altura", unitName: "centímetros" },
  },
  pt: {
    weight_kg: { label: "Peso", unitName: "quilogramas" },
    body_fat_pct: { label: "Gordura corporal", unitName: "por cento" },
    neck_cm: { label: "Pescoço", unitName: "centímetros" },
    chest_cm: { label: "Peito", unitName: "centímetros" },
    waist_cm: { label: "Cintura", unitName: "centímetros" },
    hips_cm: { label: "Quadril", unitName: "centímetros" },
    biceps_cm: { label: "Bíceps", unitName: "centímetros" },
    quadriceps_cm: { label: "Quadríceps", unitName: "centímetros" },
    calf_cm: { label: "Panturrilha", unitName: "centímetros" },
    height_cm: { label: "Altura", unitName: "centímetros" },
  },
};
