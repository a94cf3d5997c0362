/**
 * The general sentences of the product, verbatim from the specification where it names one. The other
 * files of this folder hold each area's own; together they are every sentence a person reads, so the web
 * app and the server change a message in one place.
 */
export const messages = {
  // validation
  required: 'this field is required',
  enterDescription: 'Enter Description',
  passwordMismatch: 'password and confirm password not matched',
  passwordRule: 'Use at least 8 characters.',
  passwordHint: 'At least 8 characters. Very common passwords such as "password123" are refused.',
  passwordBlank: 'A password cannot be only spaces.',
  passwordTooCommon: 'This password is one of the most common ones. Choose one that is harder to guess.',
  invalidEmail: 'Enter a valid email address.',
  invalidPhone: 'Enter a phone number of 7 to 15 digits, optionally starting with +.',
  invalidPrice: 'Enter an amount greater than 0 with at most two decimals.',
  invalidYears: 'Enter whole years from 0 to 100.',
  chooseOption: 'Choose one of the options.',
  atMostCharacters: (max: number) => `Use at most ${max} characters.`,
  invalidCentimetres: 'Enter whole centimetres from 1 to 1000.',
  invalidId: 'Not a valid id.',
  invalidProduct: 'Not a valid product.',
  invalidPhoto: 'Not a valid photo.',
  photoUsedTwice: 'Each photo can be used once.',
  pageSizeAtMost: (max: number) => `pageSize can be at most ${max}.`,
  fieldsNeedAttention: 'Some fields need your attention.',
  invalidValue: 'Invalid value.',

  // accounts
  loginSuccess: 'Login successful',
  loginFailed: 'your email and password is incorrect',
  signUpSuccess: 'sign up successful',
  emailTaken: 'This email already in used please try another',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  networkError: 'We could not reach the server. Check your connection and try again.',
  accountRemoved: 'This account has been removed.',
  signInLimitReached: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  wrongCurrentPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed.',

  // catalogue and newsletter
  newsletterSuccess: 'Thanks! Check your inbox and confirm your subscription with the link we sent.',
  noData: 'no data to show',
  noMatches: 'No furniture matches these filters.',

  // seller
  productAdded: 'Product added successfully.',
  productAdvertised: 'you successfully advertise this product',
  productDeleted: 'product deleted successful.',

  // buyer
  productBooked: 'product booked successfully',
  reportSuccess: 'your report for this product is successful',
  alreadyBooked: 'You already have an open booking for this product.',
  alreadyReported: 'You have already reported this product.',

  // payments
  paymentCompleted: 'Congrats! your payment completed',
  paymentSuccessToast: 'your payment successful',
  someoneElsePaying: 'Someone else is paying for this item right now. Try again in a few minutes.',
  productSold: 'This item has already been sold.',

  // admin
  userDeleted: 'you successfully delete this user',
  sellerVerified: 'You successfully verify this seller',
  sellerDeleted: 'You successfully delete the seller and sellers products.',
  reportDeleted: 'You successfully deleted the report',
  reportedItemDeleted: 'You successfully deleted the Reported Item.',

  // confirm prompts
  confirmDeleteOrder: 'Are you sure you want to delete this order?',
  confirmDeleteUser: 'Are you sure you want to delete this User',
  confirmVerifySeller: 'Are you sure you want to Verify this Seller?',
  confirmDeleteSeller: 'Are you sure you want to delete this seller? this sellers products also delete!',
  confirmDeleteProduct: 'Are you sure you want to delete this product?',
  confirmDeleteReport: 'Are you sure you want to delete this Report?',
  confirmDeleteReportedItem: 'Are you sure you want to delete this Reported Item?',

  // pages
  notFoundTitle: 'Page Not Found',
  notFoundText: 'The page you are looking for does not exist. Please go to home.',
  backToHome: 'Back to Home',
} as const;

export type MessageKey = keyof typeof messages;

/** Reasons shown to a buyer when a booking is cancelled by someone else's action. */
export const cancelReasons = {
  soldToAnother: 'sold to another buyer',
  productRemoved: 'item removed',
  sellerRemoved: 'seller removed',
  deletedByBuyer: 'deleted by buyer',
  buyerRemoved: 'buyer removed',
} as const;
