/**
 * The two messages Better Auth asks us to send: the password reset link and the email verification
 * link. Better Auth calls these outside any transaction of ours, so each is queued under a key made from
 * its token: the same token never queues a second message.
 */
import { mailCopy } from '@furniture-mart/shared';
import type { Db } from '../../platform/db/client.js';
import { enqueueMail, keyOf, linkTo } from '../mail/index.js';

interface Recipient {
  user: { email: string; name: string };
  token: string;
}

export function recoveryMail(db: Db, publicUrl: string) {
  return {
    sendResetPassword: async ({ user, token }: Recipient) => {
      // Our own page takes the token and posts the new password to /api/auth/reset-password.
      const url = linkTo(publicUrl, `/reset-password?token=${encodeURIComponent(token)}`);
      await enqueueMail(db, {
        key: keyOf('reset-password', token),
        to: user.email,
        copy: mailCopy.resetPassword({ name: user.name, url }),
      });
    },
    sendVerificationEmail: async ({ user, token }: Recipient) => {
      const url = linkTo(
        publicUrl,
        `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/dashboard?emailVerified=1')}`,
      );
      await enqueueMail(db, {
        key: keyOf('verify-email', token),
        to: user.email,
        copy: mailCopy.verifyEmail({ name: user.name, url }),
      });
    },
  };
}
