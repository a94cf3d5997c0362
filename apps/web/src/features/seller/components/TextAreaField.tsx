import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from '../../../components/FormField';

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled textarea; spread react-hook-form's `register()` result into it. */
export function TextAreaField({ label, error, hint, className, ref, ...textareaProps }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...control}
          {...textareaProps}
        />
      )}
    </FieldFrame>
  );
}
