import { zodResolver } from '@hookform/resolvers/zod';
import { signInBody } from '@furniture-mart/shared';

/**
 * The sign-in form's checks, with the shared schema. In a module of their own, loaded when the page is
 * up: the login page is a landing page too, and Zod is the larger half of the form code.
 */
export const signInResolver = zodResolver(signInBody);
