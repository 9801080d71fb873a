// The status pages (not found, the error page of every route, and the page shown when the root layout fails), in en,
// es and pt. Their own file: the two error pages are client components loaded with every page, so they must not
// carry the landing page's text in three languages.
import type { Locale } from "./locale";
import type { Messages } from "./message-text";

const en = {
  notFoundTitle: "Page not found",
  notFoundText: "There is nothing at this address, or it belongs to another account.",
  home: "Go to the start page",
  errorTitle: "Something went wrong",
  errorText: "This page could not be shown. Nothing you saved is lost. Try again, or go back to the start page.",
  retry: "Try again",
} as const;

export type StatusPageText = Messages<typeof en>;

const es: StatusPageText = {
  notFoundTitle: "Página no encontrada",
  notFoundText: "No hay nada en esta dirección, o pertenece a otra cuenta.",
  home: "Ir a la página de inicio",
  errorTitle: "Algo salió mal",
  errorText: "No se pudo mostrar esta página. No se ha perdido nada de lo que guardaste. Inténtalo de nuevo o vuelve a la página de inicio.",
  retry: "Intentar de nuevo",
};

const pt: StatusPageText = {
  notFoundTitle: "Página não encontrada",
  notFoundText: "Não há nada neste endereço, ou ele pertence a outra conta.",
  home: "Ir para a página inicial",
  errorTitle: "Algo deu errado",
  errorText: "Não foi possível mostrar esta página. Nada do que você salvou se perdeu. Tente de novo ou volte para a página inicial.",
  retry: "Tentar de novo",
};

export const statusPageText: Record<Locale, StatusPageText> = { en, es, pt };
