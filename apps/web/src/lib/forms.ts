import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

/**
 * Puts a 400 answer's per-field messages under the matching inputs.
 * Returns true when every field error found a home, so no general alert is needed.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  formFields: readonly Path<Values>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return false;
  let allPlaced = true;
  let first = true;
  for (const [name, message] of entries) {
    const field = formFields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      allPlaced = false;
    }
  }
  return allPlaced;
}
