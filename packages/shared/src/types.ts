/** Shapes of API answers, shared so the web app reads exactly what the server writes. */
import type {
  BookingStatus,
  Condition,
  Location,
  ProductStatus,
  ReportReason,
  ReportStatus,
  Role,
  AuditAction,
} from './enums.js';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface PublicConfig {
  currency: string;
  googleEnabled: boolean;
  payments: { provider: 'sandbox' | 'stripe'; publishableKey: string | null };
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  verified: boolean;
  /** The email address was confirmed through the verification mail. */
  emailVerified: boolean;
}

export interface Me {
  user: SessionUser;
  isAdmin: boolean;
  isBuyer: boolean;
  isSeller: boolean;
  isVerified: boolean;
}

export interface Category {
  id: string;
  slug: string;
  title: string;
  thumbnailUrl: string;
}

export interface Photo {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

export interface ProductCard {
  id: string;
  title: string;
  description: string;
  categoryId: string;
  location: Location;
  condition: Condition;
  sellingPriceCents: number;
  originalPriceCents: number;
  yearsUsed: number;
  postedAt: string;
  dimensionsCm: { width: number | null; depth: number | null; height: number | null };
  seller: { id: string; name: string; verified: boolean };
  photos: Photo[];
}

export interface CategoryWithProducts {
  category: Category;
  products: Page<ProductCard>;
}

export interface MyProduct {
  id: string;
  title: string;
  sellingPriceCents: number;
  postedAt: string;
  status: ProductStatus;
  advertised: boolean;
  openBookings: number;
  cover: Photo | null;
}

export interface UploadedImage extends Photo {
  id: string;
}

export interface Booking {
  id: string;
  status: BookingStatus;
  cancelReason: string | null;
  priceCents: number;
  currency: string;
  phone: string;
  meetingLocation: string;
  createdAt: string;
  paidAt: string | null;
  product: { id: string; title: string; status: ProductStatus | 'removed'; cover: Photo | null };
  buyer: { id: string; name: string; email: string; emailVerified: boolean };
  /** The seller as the buyer reaches them: phone only for the buyer who booked (null for anyone else). */
  seller: { id: string; name: string; verified: boolean; phone: string | null };
  transactionId: string | null;
  cancelledAt: string | null;
  completedAt: string | null;
  refundedAt: string | null;
  /** The code the buyer tells the seller at pickup: only for the buyer, only while paid. */
  handoffCode: string | null;
  /** Wrong codes are limited; at 0 the handoff is locked. */
  handoffAttemptsLeft: number;
}

/** A booking as the product's seller sees it: enough to arrange the meeting. */
export interface ProductBooking {
  id: string;
  status: BookingStatus;
  cancelReason: string | null;
  buyerName: string;
  /** The buyer's email was confirmed through the verification mail. */
  buyerEmailVerified: boolean;
  phone: string;
  meetingLocation: string;
  createdAt: string;
}

export interface Checkout {
  bookingId: string;
  amountCents: number;
  currency: string;
  provider: 'sandbox' | 'stripe';
  clientSecret: string | null;
  holdExpiresAt: string;
}

export interface PaymentResult {
  status: 'paid';
  transactionId: string;
  amountCents: number;
  currency: string;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  verified: boolean;
  createdAt: string;
  orders: number;
  products: number;
}

export interface ReportRow {
  id: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: string;
  product: { id: string; title: string; categoryId: string; removed: boolean };
  reporter: { id: string; name: string };
}

export interface AuditRow {
  id: string;
  action: AuditAction;
  actor: { id: string; name: string };
  targetType: string;
  targetId: string;
  targetLabel: string;
  createdAt: string;
}
