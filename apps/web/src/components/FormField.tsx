import { useId, type ComponentProps, type ReactNode } from 'react';

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Renders the control (input, select, textarea) with the accessibility attributes it needs. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + any control + hint + error text, wired together for assistive technology. */
export function FieldFrame({ label, error, hint, className = '', children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-base-content">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FormFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Classes for the wrapper; `inputClassName` styles the input itself. */
  className?: string;
  inputClassName?: string;
};

/** A labelled text input; spread react-hook-form's `register()` result into it. */
export function FormField({
  label,
  error,
  hint,
  className,
  inputClassName = '',
  ref,
  ...inputProps
}: FormFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          ref={ref}
          className={`input w-full ${error ? 'input-error' : ''} ${inputClassName}`}
          {...control}
          {...inputProps}
        />
      )}
    </FieldFrame>
  );
}
