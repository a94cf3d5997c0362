export const roles = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof roles)[number];
/** The roles a person may choose at sign-up; admin is granted only from the server's shell. */
export const signUpRoles = ['buyer', 'seller'] as const;
export type SignUpRole = (typeof signUpRoles)[number];

export const conditions = ['excellent', 'good', 'fair'] as const;
export type Condition = (typeof conditions)[number];

export const locations = [
  'Dhaka',
  'Chittagong',
  'Barisal',
  'Khulna',
  'Mymensingh',
  'Rajshahi',
  'Sylhet',
  'Rangpur',
] as const;
export type Location = (typeof locations)[number];

export const productStatuses = ['available', 'sold'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * A product as a page shows it: available; `being_paid`, someone's checkout holds it; `reserved`, held
 * for a buyer who pays cash at pickup; sold.
 */
export const productPageStatuses = ['available', 'being_paid', 'reserved', 'sold'] as const;
export type ProductPageStatus = (typeof productPageStatuses)[number];

/** What a notice about a saved product says happened to it. */
export const noticeKinds = ['price_drop', 'sold', 'removed'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** How long a lowered price shows the price before it ("was $X"). */
export const priceDropShownDays = 14;

export const bookingStatuses = [
  'booked',
  'paid',
  'completed',
  'cancelled',
  'refunded',
  // Cash at pickup: held for its buyer until the handoff or CASH_HOLD_HOURS (decision 0090).
  'reserved',
  // Refused by the buyer at pickup (issue 41): refunded in full, shown with its reason and photos.
  'refused',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** How an order is paid: a card, a mobile wallet (bKash), or cash at pickup (decision 0090). */
export const paymentMethods = ['card', 'wallet', 'cash'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The mobile wallet behind `wallet`: bKash's tokenized checkout, or the built-in sandbox. */
export const walletProviderNames = ['wallet_sandbox', 'bkash'] as const;
export type WalletProviderName = (typeof walletProviderNames)[number];

export const reportStatuses = ['open', 'closed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Why a product is reported. */
export const productReportReasons = [
  'scam',
  'wrong_condition',
  'prohibited',
  'duplicate',
  'offensive',
  'other',
] as const;
/** Why a message in a conversation is reported. */
export const messageReportReasons = ['scam', 'harassment', 'offensive', 'spam', 'other'] as const;
export type MessageReportReason = (typeof messageReportReasons)[number];
/** Every reason a report in the administrators' queue can give. */
export const reportReasons = [...new Set([...productReportReasons, ...messageReportReasons])] as [
  (typeof productReportReasons)[number] | MessageReportReason,
  ...((typeof productReportReasons)[number] | MessageReportReason)[],
];
export type ReportReason = (typeof reportReasons)[number];

/** `best`: the best matches of a search's words first (a listing without words has no best, only newest). */
export const productSorts = ['best', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const auditActions = [
  'seller.verify',
  'user.remove',
  'report.remove',
  'reported_item.remove',
  'job.retry',
  'message.remove',
  'review.hide',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Image limits for seller photos. */
export const imageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxPhotos: 8,
  minPhotos: 1,
  displayLongestSide: 1600,
  /** Cards on phones and the product page's photo on small screens: between thumb and display. */
  middleLongestSide: 800,
  thumbLongestSide: 400,
} as const;

export const pagination = { defaultPageSize: 24, maxPageSize: 100 } as const;

/** How many products one person may report within a rolling hour. */
export const reportLimits = { perHour: 10, detailsMaxLength: 1000 } as const;

/** Why a buyer refuses an item at pickup. */
export const refusalReasons = [
  'damaged',
  'different_item',
  'missing_parts',
  'size_differs',
  'worse_condition',
  'other',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** A refusal's description and photos. */
export const refusalLimits = { detailsMin: 10, detailsMax: 1000, minPhotos: 1, maxPhotos: 4 } as const;

/**
 * Reviews after a handoff: the window after completion, the text's length, and how many published
 * reviews a seller needs before an average is shown.
 */
export const reviewLimits = {
  windowDays: 14,
  textMin: 10,
  textMax: 1000,
  replyMax: 1000,
  ratingShownFrom: 3,
} as const;

/** Wrong handoff codes allowed before the order's handoff locks. */
export const handoffLimits = { maxAttempts: 5, codeLength: 6 } as const;

/**
 * The highest price a listing may carry, in the currency's major units: far above any furniture. In minor
 * units it must also fit the database's integer columns (see maxPriceMinor).
 */
export const maxPrice = 10_000_000;

/** The largest number of minor units a price column holds (PostgreSQL integer). */
export const maxPriceMinor = 2_147_483_647;

/** What the photo picker offers; the server still decides by decoding the file. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Units a person measures furniture and doorways in; everything is stored in whole millimetres. */
export const lengthUnits = ['mm', 'cm', 'in'] as const;
export type LengthUnit = (typeof lengthUnits)[number];

/** The openings of a buyer's home a piece has to pass. */
export const openingKinds = ['door', 'stairs', 'lift'] as const;
export type OpeningKind = (typeof openingKinds)[number];

/** Whether a piece passes an opening, from best to worst. */
export const fitVerdicts = ['fits', 'fits_tilted', 'fits_apart', 'wont_fit'] as const;
export type FitVerdict = (typeof fitVerdicts)[number];

/** The measure of an opening a piece fails: its width, its height (a stair's headroom), a lift cabin's depth. */
export const fitDimensions = ['width', 'height', 'depth'] as const;
export type FitDimension = (typeof fitDimensions)[number];

/** Limits of a measured piece and of a home profile. */
export const measureLimits = { maxLengthMm: 5000, maxWeightKg: 500, maxOpenings: 10, spareMm: 20 } as const;

/** Why a typed phone number is refused. */
export const phoneProblems = [
  'empty',
  'characters',
  'too_short',
  'too_long',
  'other_country',
  'not_mobile',
  'invalid',
] as const;
export type PhoneProblem = (typeof phoneProblems)[number];
