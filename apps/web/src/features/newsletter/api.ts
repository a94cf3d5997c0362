import { useMutation } from '@tanstack/react-query';
import type { NewsletterBody } from '@furniture-mart/shared';
import { api } from '../../lib/api';

export function useSubscribeToNewsletter() {
  return useMutation({
    mutationFn: (body: NewsletterBody) => api.post<unknown>('/api/newsletter', body),
  });
}
