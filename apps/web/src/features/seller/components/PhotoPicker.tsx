import { useState, type ChangeEvent } from 'react';
import { acceptedImageTypes, imageLimits } from '@furniture-mart/shared';
import { Field } from '../../../components/ui/Field';
import type { PhotoItem, PhotoUploads } from './usePhotoUploads';
import { t } from '@furniture-mart/shared';

interface PhotoPickerProps {
  uploads: PhotoUploads;
  error?: string | undefined;
}

/** Choose 1 to 8 photos: previews at once, a progress bar per upload, remove or make cover before saving. */
export function PhotoPicker({ uploads, error }: PhotoPickerProps) {
  const [leftOut, setLeftOut] = useState(0);
  const { items } = uploads;
  const full = items.length >= imageLimits.maxPhotos;
  const done = items.filter((item) => item.status === 'done').length;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires another change.
    event.target.value = '';
    if (files.length > 0) setLeftOut(uploads.add(files));
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Field
        label={t('product.photos')}
        hint={t('photos.hint', { min: imageLimits.minPhotos, max: imageLimits.maxPhotos })}
        error={error}
      >
        {(control) => (
          <input
            type="file"
            multiple
            accept={acceptedImageTypes.join(',')}
            className={`file-input w-full ${error ? 'file-input-error' : ''}`}
            onChange={onChoose}
            disabled={full}
            {...control}
          />
        )}
      </Field>
      {leftOut > 0 ? (
        <p className="text-sm font-medium text-warning" role="status">
          {t('photos.leftOut', { max: imageLimits.maxPhotos, leftOut })}
        </p>
      ) : null}

      {items.length > 0 ? (
        <>
          <p className="sr-only" aria-live="polite">
            {t('photos.uploadedCount', { done, count: items.length })}
          </p>
          <ul
            className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            aria-label={t('photos.chosen')}
          >
            {items.map((item, index) => (
              <PhotoTile key={item.key} item={item} index={index} uploads={uploads} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function PhotoTile({ item, index, uploads }: { item: PhotoItem; index: number; uploads: PhotoUploads }) {
  const name = t('photos.name', { position: index + 1, file: item.name });
  const last = index === uploads.items.length - 1;
  const percent = Math.round(item.progress * 100);

  return (
    <li className="flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100">
      <div className="relative aspect-square bg-base-200">
        <img
          src={item.previewUrl}
          alt={t('photos.preview', { name })}
          className="h-full w-full object-cover"
        />
        {index === 0 ? (
          <span className="badge badge-primary badge-sm absolute left-2 top-2 font-semibold">
            {t('photos.cover')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2 text-sm">
        {item.status === 'uploading' ? (
          <div className="flex items-center gap-2">
            <progress
              className="progress progress-primary w-full"
              value={percent}
              max={100}
              aria-label={t('photos.uploading', { name })}
            />
            <span className="w-10 shrink-0 text-right tabular-nums text-base-content/70">
              {t('photos.percent', { percent: percent / 100 })}
            </span>
          </div>
        ) : item.status === 'done' ? (
          <span className="font-medium text-success">
            {item.file ? t('photos.uploaded') : t('photos.onListing')}
          </span>
        ) : (
          <span className="font-medium text-error" role="alert">
            {item.error}
          </span>
        )}
        <div className="mt-auto flex flex-wrap gap-1">
          {item.status === 'failed' && item.retryable ? (
            <button type="button" className="btn btn-xs" onClick={() => uploads.retry(item.key)}>
              {t('ui.tryAgain')}
            </button>
          ) : null}
          {index > 0 ? (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => uploads.move(item.key, -1)}
              aria-label={t('photos.moveEarlier', { name })}
            >
              {t('photos.earlier')}
            </button>
          ) : null}
          {last ? null : (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => uploads.move(item.key, 1)}
              aria-label={t('photos.moveLater', { name })}
            >
              {t('photos.later')}
            </button>
          )}
          {index > 0 ? (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => uploads.makeCover(item.key)}
              aria-label={t('photos.makeCoverName', { name })}
            >
              {t('photos.makeCover')}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            onClick={() => uploads.remove(item.key)}
            aria-label={t('photos.removeName', { name })}
          >
            {t('photos.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}
