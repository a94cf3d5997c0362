import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { SignUpRole } from '@furniture-mart/shared';
import { t } from '@furniture-mart/shared';

const roleOptions: SignUpRole[] = ['buyer', 'seller'];

interface RolePickerProps {
  registration: UseFormRegisterReturn<'role'>;
  error?: string | undefined;
}

/** The "buy or sell" choice as two large radio cards; the whole card is clickable. */
export function RolePicker({ registration, error }: RolePickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('signUp.iWantTo')}</legend>
      <div className="grid grid-cols-2 gap-3">
        {roleOptions.map((role) => {
          const option = {
            value: role,
            label: t(`signUp.role.${role}`),
            description: t(`signUp.role.${role}.about`),
          };
          const inputId = `${id}-${option.value}`;
          const descriptionId = `${inputId}-description`;
          return (
            <div
              key={option.value}
              className="relative flex gap-3 rounded-box border border-base-300 p-3 transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
            >
              <input
                id={inputId}
                type="radio"
                value={option.value}
                className="radio radio-primary radio-sm relative z-10 mt-0.5 focus-visible:outline-none"
                aria-describedby={descriptionId}
                {...registration}
              />
              <div>
                {/* The label stretches over the card, so a tap anywhere selects it. */}
                <label
                  htmlFor={inputId}
                  className="cursor-pointer font-semibold after:absolute after:inset-0"
                >
                  {option.label}
                </label>
                <p id={descriptionId} className="text-xs text-base-content/70">
                  {option.description}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
