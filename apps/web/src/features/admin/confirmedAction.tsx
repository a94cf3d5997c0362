import { useCallback } from 'react';
import { notify } from '../../components/ui/Toasts';
import { useConfirm, type ConfirmOptions } from '../../components/ui/ConfirmDialog';
import { errorMessage } from '../../lib/api';

/**
 * Every moderation action: ask first, then act, then say how it went. Render the returned dialog once
 * in the page.
 */
export function useConfirmedAction() {
  const [confirm, dialog] = useConfirm();
  const run = useCallback(
    async (options: ConfirmOptions, perform: () => Promise<unknown>, successMessage: string) => {
      if (!(await confirm(options))) return;
      try {
        await perform();
        notify.success(successMessage);
      } catch (error) {
        notify.error(errorMessage(error));
      }
    },
    [confirm],
  );
  return [run, dialog] as const;
}
