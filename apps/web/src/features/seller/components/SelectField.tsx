import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from '../../../components/FormField';

type SelectFieldProps = ComponentProps<'select'> & {
  label: ReactNode;
  error?: string | undefined;
  /** The first, disabled option shown until a choice is made; it has no value, so it never passes. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
};

/** A labelled select that starts on a placeholder; spread react-hook-form's `register()` result into it. */
export function SelectField({
  label,
  error,
  placeholder,
  options,
  className,
  ref,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} className={className}>
      {(control) => (
        <select
          ref={ref}
          className={`select w-full ${error ? 'select-error' : ''}`}
          {...control}
          {...selectProps}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
