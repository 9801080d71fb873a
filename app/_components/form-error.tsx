// A form's refusal in plain words, announced at once (role="alert"); nothing when there is none.
import type { ReactNode } from "react";

export function FormError({ message, testId }: { message: ReactNode; testId: string }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
