import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post<unknown>('/api/auth/request-password-reset', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      api.post<unknown>('/api/auth/reset-password', body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<unknown>('/api/auth/send-verification-email', { email, callbackURL: '/dashboard' }),
  });
}
