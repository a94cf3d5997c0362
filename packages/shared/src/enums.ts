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

export const bookingStatuses = ['booked', 'paid', 'completed', 'cancelled', 'refunded'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const reportStatuses = ['open', 'closed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportReasons = [
  'scam',
  'wrong_condition',
  'prohibited',
  'duplicate',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or fake listing',
  wrong_condition: 'Wrong condition or photos',
  prohibited: 'Prohibited item',
  duplicate: 'Duplicate',
  offensive: 'Offensive',
  other: 'Other',
};

export const productSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const auditActions = [
  'seller.verify',
  'user.remove',
  'report.remove',
  'reported_item.remove',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Image limits for seller photos. */
export const imageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxPhotos: 8,
  minPhotos: 1,
  displayLongestSide: 1600,
  thumbLongestSide: 400,
} as const;

export const pagination = { defaultPageSize: 24, maxPageSize: 100 } as const;
