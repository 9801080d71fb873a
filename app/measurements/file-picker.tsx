// A file input that speaks the page's language: the browser's own control writes "Choose File" and "No file chosen"
// in the browser's language whatever the page's is. The input stays the real, focusable control (named by the field's
// label, the chosen file's name as its description); a label drawn as a button opens it, and shows its focus.
import { useState, type ChangeEvent } from "react";

type FilePickerProps = {
  id: string;
  label: string;
  chooseText: string;
  noneText: string;
  accept?: string;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
};

export function FilePicker({ id, label, chooseText, noneText, accept, disabled, onChange, testId }: FilePickerProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="file-picker">
        <input
          id={id}
          type="file"
          className="file-picker-input"
          accept={accept}
          disabled={disabled}
          aria-describedby={`${id}-chosen`}
          onChange={(event) => {
            setChosen(event.target.files?.[0]?.name ?? null);
            onChange(event);
          }}
          data-testid={testId}
        />
        {/* Hidden from assistive technology: the input itself is the button they announce. */}
        <label htmlFor={id} className="button button-quiet button-small" aria-hidden="true">
          {chooseText}
        </label>
        <span id={`${id}-chosen`} className="file-picker-chosen" data-testid={`${testId}-chosen`}>
          {chosen ?? noneText}
        </span>
      </div>
    </div>
  );
}
