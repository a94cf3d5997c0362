import { useSearchParams } from 'react-router';
import { accountMessages } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../api';
import { useResendVerification } from '../recoveryApi';

/**
 * For an account whose email is not confirmed yet: a reminder with "Resend". Confirming is never
 * required (docs/decisions/0013). Also says how following the link went.
 */
export function VerifyEmailBanner() {
  const auth = useAuth();
  const resend = useResendVerification();
  const [searchParams] = useSearchParams();
  if (auth.status !== 'signedIn') return null;
  const { user } = auth.me;
  const outcome = searchParams.has('emailVerified')
    ? searchParams.has('error')
      ? 'failed'
      : 'verified'
    : null;

  if (user.emailVerified) {
    return outcome === 'verified' ? (
      <Alert tone="success" className="mb-4">
        {accountMessages.verified}
      </Alert>
    ) : null;
  }
  return (
    <Alert
      tone="warning"
      className="mb-4"
      action={
        <button
          type="button"
          className="btn btn-sm"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate(user.email)}
        >
          {accountMessages.verifyResend}
        </button>
      }
    >
      {outcome === 'failed' ? accountMessages.verifyFailed : accountMessages.verifyBanner}
      {resend.isSuccess ? ` ${accountMessages.verifySent}` : ''}
      {resend.isError ? ` ${errorMessage(resend.error)}` : ''}
    </Alert>
  );
}
