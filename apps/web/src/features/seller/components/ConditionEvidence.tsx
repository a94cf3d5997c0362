import { useEffect, useMemo } from 'react';
import { useController, type Control, type FieldErrors } from 'react-hook-form';
import {
  checklistKeys,
  flawCaptionMaxLength,
  needsEvidence,
  t,
  type Checklist,
  type ChecklistKey,
  type Condition,
  type Flaw,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import type { PhotoItem } from './usePhotoUploads';

/** The part of the product form's values this section writes. */
export interface EvidenceValues {
  flaws?: Flaw[] | undefined;
  checklist?: Partial<Checklist> | undefined;
}

interface ConditionEvidenceProps {
  // The product form's control, narrowed to what this section reads and writes.
  control: Control<EvidenceValues>;
  errors: FieldErrors<EvidenceValues>;
  condition: Condition | '';
  /** The listing's photos in order; only uploaded ones can be marked. */
  photos: PhotoItem[];
}

/**
 * Condition with evidence in the product form: which photos show a flaw (each with a caption) and the
 * seller's yes/no checklist. Asked of good and fair pieces; an excellent piece may still show them.
 */
export function ConditionEvidence({ control, errors, condition, photos }: ConditionEvidenceProps) {
  const flaws = useController({ control, name: 'flaws' });
  const checklist = useController({ control, name: 'checklist' });
  const value = flaws.field.value;
  const marked: Flaw[] = useMemo(() => value ?? [], [value]);
  const answers: Partial<Checklist> = checklist.field.value ?? {};
  const asked = condition !== '' && needsEvidence(condition);

  const uploaded = photos.flatMap((item) => (item.uploaded ? [{ id: item.uploaded.id, item }] : []));
  const photoKey = uploaded.map((photo) => photo.id).join(',');
  const { onChange: setFlaws } = flaws.field;
  // A photo taken off the listing takes its flaw mark with it.
  useEffect(() => {
    const ids = new Set(photoKey.split(','));
    const current = marked.filter((flaw) => ids.has(flaw.photoId));
    if (current.length !== marked.length) setFlaws(current);
  }, [photoKey, marked, setFlaws]);

  const toggle = (photoId: string, on: boolean) =>
    setFlaws(on ? [...marked, { photoId, caption: '' }] : marked.filter((flaw) => flaw.photoId !== photoId));
  const caption = (photoId: string, text: string) =>
    setFlaws(marked.map((flaw) => (flaw.photoId === photoId ? { ...flaw, caption: text } : flaw)));
  const answer = (key: ChecklistKey, value: boolean) =>
    checklist.field.onChange({ ...answers, [key]: value });

  const flawErrors = Array.isArray(errors.flaws) ? errors.flaws : [];
  const flawsMessage = errors.flaws?.message ?? errors.flaws?.root?.message ?? null;
  const checklistMessage =
    errors.checklist?.message ??
    checklistKeys.map((key) => errors.checklist?.[key]?.message).find(Boolean) ??
    null;

  return (
    <fieldset className="space-y-4" aria-describedby="condition-evidence-hint">
      <legend className="text-sm font-medium text-base-content">{t('condition.flawsHeading')}</legend>
      <p id="condition-evidence-hint" className="text-sm text-base-content/70">
        {asked ? t('condition.evidenceHint') : t('condition.flawPhotosHint')}
      </p>
      {uploaded.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('condition.flawsHeading')}>
          {uploaded.map(({ id, item }, index) => {
            const flaw = marked.find((candidate) => candidate.photoId === id);
            const at = marked.findIndex((candidate) => candidate.photoId === id);
            const name = t('photos.name', { position: index + 1, file: item.name });
            const captionError = at >= 0 ? flawErrors[at]?.caption?.message : undefined;
            const inputId = `flaw-caption-${id}`;
            return (
              <li key={id} className="flex gap-3 rounded-box border border-base-300 p-2">
                {/* Named by its checkbox: the photo list above already describes each preview. */}
                <img
                  src={item.previewUrl}
                  alt=""

                  className="h-20 w-20 shrink-0 rounded object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={flaw !== undefined}
                      onChange={(event) => toggle(id, event.target.checked)}
                      aria-label={`${t('condition.markFlaw')}: ${name}`}
                    />
                    {t('condition.markFlaw')}
                  </label>
                  {flaw ? (
                    <div className="flex flex-col gap-1">
                      <label htmlFor={inputId} className="text-xs font-medium">
                        {t('condition.captionLabel')}
                      </label>
                      <input
                        id={inputId}
                        className={`input input-sm w-full ${captionError ? 'input-error' : ''}`}
                        value={flaw.caption}
                        maxLength={flawCaptionMaxLength + 20}
                        autoComplete="off"
                        aria-invalid={captionError ? true : undefined}
                        aria-describedby={captionError ? `${inputId}-error` : undefined}
                        onChange={(event) => caption(id, event.target.value)}
                      />
                      {captionError ? (
                        <p id={`${inputId}-error`} className="text-xs text-error">
                          {captionError}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Alert tone="error">{flawsMessage}</Alert>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-base-content">{t('condition.checklistHeading')}</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {checklistKeys.map((key) => (
            <li
              key={key}
              className="flex items-center justify-between gap-3 rounded-box bg-base-200 px-3 py-2"
            >
              <span id={`checklist-${key}`} className="text-sm">
                {t(`condition.checklist.${key}`)}
              </span>
              <span role="radiogroup" aria-labelledby={`checklist-${key}`} className="flex gap-3 text-sm">
                {([true, false] as const).map((value) => (
                  <label key={String(value)} className="flex items-center gap-1">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name={`checklist-${key}`}
                      checked={answers[key] === value}
                      onChange={() => answer(key, value)}
                    />
                    {value ? t('condition.yes') : t('condition.no')}
                  </label>
                ))}
              </span>
            </li>
          ))}
        </ul>
        <Alert tone="error">{checklistMessage}</Alert>
      </fieldset>
    </fieldset>
  );
}
