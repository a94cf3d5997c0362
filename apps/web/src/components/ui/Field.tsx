import { useId, type ComponentProps, type ReactNode } from 'react';

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldLabelProps {
  label: ReactNode;
  /** Shown under the control; read with it by screen readers. */
  hint?: ReactNode;
  /** Shown under the control in red; marks the control invalid and is read with it. */
  error?: string | undefined;
  /** Classes for the wrapper around label, control, hint and error. */
  className?: string;
}

interface FieldProps extends FieldLabelProps {
  /** Renders the control with the attributes that wire it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + any control + hint + error text, wired together for assistive technology. */
export function Field({ label, error, hint, className = '', children }: FieldProps) {
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

type TextFieldProps = ComponentProps<'input'> &
  FieldLabelProps & {
    /** Classes for the input itself (`className` styles the wrapper). */
    inputClassName?: string;
  };

/** A labelled input; spread react-hook-form's `register()` result into it. */
export function TextField({
  label,
  error,
  hint,
  className,
  inputClassName = '',
  ref,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          ref={ref}
          className={`input w-full ${error ? 'input-error' : ''} ${inputClassName}`}
          {...control}
          {...inputProps}
        />
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = ComponentProps<'select'> &
  FieldLabelProps & {
    options: readonly SelectOption[];
    /**
     * The first option, with no value: a prompt ("Choose a category") that cannot be chosen back, or
     * with `selectable` a real choice ("Any condition").
     */
    emptyOption?: { label: string; selectable?: boolean };
  };

/** A labelled select; spread react-hook-form's `register()` result into it. */
export function SelectField({
  label,
  error,
  hint,
  options,
  emptyOption,
  className,
  ref,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select
          ref={ref}
          className={`select w-full ${error ? 'select-error' : ''}`}
          {...control}
          {...selectProps}
        >
          {emptyOption ? (
            <option value="" disabled={!emptyOption.selectable}>
              {emptyOption.label}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type TextAreaFieldProps = ComponentProps<'textarea'> & FieldLabelProps;

/** A labelled textarea; spread react-hook-form's `register()` result into it. */
export function TextAreaField({ label, error, hint, className, ref, ...textareaProps }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...control}
          {...textareaProps}
        />
      )}
    </Field>
  );
}
