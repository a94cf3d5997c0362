import { useCallback, useEffect, useRef, useState } from 'react';
import { imageLimits, sellerMessages, type UploadedImage } from '@furniture-mart/shared';
import { errorMessage, isApiError } from '../../../lib/api';
import { uploadProductPhoto } from '../api';
import { t } from '@furniture-mart/shared';

export type PhotoStatus = 'uploading' | 'done' | 'failed';

export interface PhotoItem {
  key: string;
  /** The chosen file; null for a photo the product already has (editing). */
  file: File | null;
  /** What the person calls it: the file's name, or "saved photo" for one already on the product. */
  name: string;
  /** An object URL of the chosen file, shown at once, before the upload finishes; or the saved thumbnail. */
  previewUrl: string;
  status: PhotoStatus;
  /** Fraction sent, 0 to 1. */
  progress: number;
  uploaded: UploadedImage | null;
  error: string | null;
  /** False when the file itself was refused (not a photo, too large): trying again cannot help. */
  retryable: boolean;
}

export interface PhotoUploads {
  items: PhotoItem[];
  /** Adds files up to the limit; answers how many were left out. */
  add: (files: File[]) => number;
  remove: (key: string) => void;
  retry: (key: string) => void;
  makeCover: (key: string) => void;
  /** Moves a photo one place earlier (-1) or later (+1). */
  move: (key: string, by: -1 | 1) => void;
}

let nextKey = 0;

/**
 * The photos chosen for a product: each starts uploading as soon as it is chosen, reports its progress,
 * and can be removed (cancelling its upload) or moved to the front. Object URLs are revoked and running
 * uploads cancelled when a photo is removed or the form goes away.
 */
export function usePhotoUploads(saved: readonly UploadedImage[] = []): PhotoUploads {
  // Photos the product already has start as uploaded; only chosen files own an object URL.
  const [items, setItems] = useState<PhotoItem[]>(() =>
    saved.map((photo) => ({
      key: `photo-${++nextKey}`,
      file: null,
      name: t('photos.savedPhoto'),
      previewUrl: photo.thumbUrl,
      status: 'done',
      progress: 1,
      uploaded: photo,
      error: null,
      retryable: false,
    })),
  );
  const itemsRef = useRef(items);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const item of itemsRef.current) if (item.file) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      if (file.size > imageLimits.maxBytes) {
        update(key, { status: 'failed', error: sellerMessages.fileTooLarge, retryable: false });
        return;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, error: null });
      uploadProductPhoto(file, (progress) => update(key, { progress }), controller.signal)
        .then((uploaded) => update(key, { status: 'done', progress: 1, uploaded }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const refused = isApiError(error) && error.isClientError && error.status !== 429;
          update(key, { status: 'failed', error: errorMessage(error), retryable: !refused });
        })
        .finally(() => {
          if (controllers.current.get(key) === controller) controllers.current.delete(key);
        });
    },
    [update],
  );

  // Only user events change which photos there are, and each is rendered before the next, so `items`
  // is current for counting and finding files; every change still goes through a functional update so
  // it cannot undo a progress report that arrived in between.
  const add = (files: File[]) => {
    const room = Math.max(0, imageLimits.maxPhotos - items.length);
    const accepted = files.slice(0, room);
    const added: PhotoItem[] = accepted.map((file) => ({
      key: `photo-${++nextKey}`,
      file,
      name: file.name,
      previewUrl: URL.createObjectURL(file),
      status: 'uploading',
      progress: 0,
      uploaded: null,
      error: null,
      retryable: true,
    }));
    setItems((current) => [...current, ...added]);
    accepted.forEach((file, index) => start(added[index]!.key, file));
    return files.length - accepted.length;
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const item = items.find((candidate) => candidate.key === key);
    if (item?.file) URL.revokeObjectURL(item.previewUrl);
    setItems((current) => current.filter((candidate) => candidate.key !== key));
  };

  const retry = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (item?.file) start(key, item.file);
  };

  const makeCover = (key: string) => {
    setItems((current) => {
      const item = current.find((candidate) => candidate.key === key);
      return item ? [item, ...current.filter((candidate) => candidate.key !== key)] : current;
    });
  };

  const move = (key: string, by: -1 | 1) => {
    setItems((current) => {
      const from = current.findIndex((candidate) => candidate.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  };

  return { items, add, remove, retry, makeCover, move };
}
