import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import {
  convertLengthText,
  fromMillimetres,
  homeMessages,
  lengthUnitLabels,
  measureLimits,
  openingKinds,
  t,
  toMillimetres,
  type HomeProfile,
  type OpeningKind,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { SelectField, TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { notify } from '../../../components/ui/Toasts';
import { errorMessage, isApiError } from '../../../lib/api';
import { useHome, useSaveHome } from '../api';

type Unit = 'cm' | 'in';
type Measure = 'width' | 'height' | 'depth';

interface OpeningRow {
  kind: OpeningKind;
  name: string;
  width: string;
  height: string;
  depth: string;
}

interface HomeForm {
  unit: Unit;
  openings: OpeningRow[];
}

/** The boxes each kind of opening has, with their labels; stairs may leave their headroom out. */
const measuresOf: Record<OpeningKind, { measure: Measure; label: () => string; optional?: boolean }[]> = {
  door: [
    { measure: 'width', label: () => t('account.home.field.width') },
    { measure: 'height', label: () => t('account.home.field.height') },
  ],
  stairs: [
    { measure: 'width', label: () => t('account.home.field.width') },
    { measure: 'height', label: () => t('account.home.field.headroom'), optional: true },
  ],
  lift: [
    { measure: 'width', label: () => t('account.home.field.doorWidth') },
    { measure: 'height', label: () => t('account.home.field.doorHeight') },
    { measure: 'depth', label: () => t('account.home.field.cabinDepth') },
  ],
};

const sentField: Record<Measure, 'widthMm' | 'heightMm' | 'depthMm'> = {
  width: 'widthMm',
  height: 'heightMm',
  depth: 'depthMm',
};

function formOf(profile: HomeProfile, unit: Unit): HomeForm {
  const shown = (mm: number | null) => (mm === null ? '' : String(fromMillimetres(mm, unit)));
  return {
    unit,
    openings: profile.openings.map((opening) => ({
      kind: opening.kind,
      name: opening.name,
      width: shown(opening.widthMm),
      height: shown(opening.heightMm),
      depth: shown(opening.depthMm),
    })),
  };
}

/**
 * The Account page's home profile: the doorways, stairs and lift a piece must pass, typed in centimetres
 * or inches and saved in millimetres. Product pages then say whether a piece fits.
 */
export function HomeProfileSection() {
  const home = useHome();
  const saveHome = useSaveHome();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, clearErrors, formState, getValues, setValue } =
    useForm<HomeForm>({
      defaultValues: { unit: 'cm', openings: [] },
    });
  const { fields, append, remove } = useFieldArray({ control, name: 'openings' });
  const unit = useWatch({ control, name: 'unit' });
  const { errors, isSubmitting } = formState;

  // The unit the boxes are written in now: a switch rewrites each box in the new unit.
  const shownUnit = useRef<Unit>('cm');

  useEffect(() => {
    if (home.data) {
      shownUnit.current = 'cm';
      reset(formOf(home.data, 'cm'));
    }
  }, [home.data, reset]);

  const switchUnit = (next: Unit) => {
    const from = shownUnit.current;
    shownUnit.current = next;
    getValues('openings').forEach((row, index) => {
      for (const { measure } of measuresOf[row.kind]) {
        setValue(`openings.${index}.${measure}`, convertLengthText(row[measure], from, next));
      }
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    clearErrors();
    let valid = true;
    const openings = values.openings.map((row, index) => {
      const opening: Record<string, unknown> = { kind: row.kind, name: row.name.trim() };
      for (const { measure, label, optional } of measuresOf[row.kind]) {
        const text = row[measure].trim();
        if (optional && text === '') continue;
        const mm = toMillimetres(text, values.unit);
        if (mm === null || mm <= 0 || mm > measureLimits.maxLengthMm) {
          setError(`openings.${index}.${measure}`, { message: homeMessages.enterLength(label()) });
          valid = false;
        }
        opening[sentField[measure]] = mm;
      }
      if (opening.name === '') {
        setError(`openings.${index}.name`, { message: t('common.required') });
        valid = false;
      }
      return opening;
    });
    if (!valid) return;
    try {
      await saveHome.mutateAsync({ openings } as never);
    } catch (error) {
      // The server names fields as it was sent: openings.0.widthMm is this form's openings.0.width.
      const fieldsOf = isApiError(error) ? (error.fields ?? {}) : {};
      const placed = Object.entries(fieldsOf).filter(([key, message]) => {
        const match = /^openings\.(\d+)\.(name|widthMm|heightMm|depthMm)$/.exec(key);
        if (!match) return false;
        const measure = match[2]!.replace('Mm', '');
        setError(`openings.${Number(match[1])}.${measure}` as Path<HomeForm>, { message });
        return true;
      });
      if (placed.length === 0) setFormError(errorMessage(error));
      return;
    }
    notify.success(t('account.home.saved'));
  });

  const addOpening = (kind: OpeningKind) =>
    append({ kind, name: t(`account.home.defaultName.${kind}`), width: '', height: '', depth: '' });

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 className="mb-2 text-xl font-semibold">{t('account.home.heading')}</h2>
      <p className="mb-4 text-base-content/80">{t('account.home.intro')}</p>
      {home.isError ? (
        <Alert tone="error" onRetry={() => void home.refetch()}>
          {errorMessage(home.error)}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <SelectField
            label={t('fit.unitLabel')}
            className="max-w-48"
            options={[
              { value: 'cm', label: t('fit.unitName.cm') },
              { value: 'in', label: t('fit.unitName.in') },
            ]}
            {...register('unit', { onChange: (event) => switchUnit(event.target.value as Unit) })}
          />
          {fields.length === 0 ? <p className="text-base-content/70">{t('account.home.empty')}</p> : null}
          <ul className="space-y-3">
            {fields.map((field, index) => {
              const rowErrors = errors.openings?.[index];
              return (
                <li key={field.id} className="rounded-box border border-base-300 p-3">
                  <fieldset className="space-y-3">
                    <legend className="px-1 text-sm font-medium">
                      {t(`account.home.kind.${field.kind}`)}
                    </legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextField
                        label={t('account.home.name')}
                        autoComplete="off"
                        error={rowErrors?.name?.message}
                        {...register(`openings.${index}.name`)}
                      />
                      {measuresOf[field.kind].map(({ measure, label, optional }) => (
                        <TextField
                          key={measure}
                          label={`${optional ? t('account.home.optional', { field: label() }) : label()} (${lengthUnitLabels[unit]})`}
                          inputMode="decimal"
                          autoComplete="off"
                          hint={optional ? t('account.home.headroomHint') : undefined}
                          error={rowErrors?.[measure]?.message}
                          {...register(`openings.${index}.${measure}`)}
                        />
                      ))}
                    </div>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm text-error"
                      onClick={() => remove(index)}
                    >
                      {t('account.home.remove', { name: field.name || t(`account.home.kind.${field.kind}`) })}
                    </button>
                  </fieldset>
                </li>
              );
            })}
          </ul>
          {fields.length < measureLimits.maxOpenings ? (
            <div className="flex flex-wrap gap-2">
              {openingKinds.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => addOpening(kind)}
                >
                  {t(`account.home.add.${kind}`)}
                </button>
              ))}
            </div>
          ) : null}
          <SubmitButton pending={isSubmitting || home.isPending}>{t('account.home.save')}</SubmitButton>
          <Alert tone="error">{formError}</Alert>
        </form>
      )}
    </div>
  );
}
