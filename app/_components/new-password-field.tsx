// The field for choosing a password (sign-up, the forced change, /account): the policy's hint beside the label, and
// no minLength, so the server's reason in the page's language says what is wrong with a refused one.
export function NewPasswordField(props: { id: string; name: string; label: string; hint: string; testId: string; invalid?: boolean }) {
  const { id, name, label, hint, testId, invalid } = props;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span className="field-hint">{hint}</span>
      </label>
      <input id={id} name={name} type="password" autoComplete="new-password" required aria-invalid={invalid ? true : undefined} data-testid={testId} />
    </div>
  );
}
