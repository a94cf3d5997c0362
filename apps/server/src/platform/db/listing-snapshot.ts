/**
 * The listing as a booking keeps it (`bookings.listing_at_booking`): its words, measures, condition,
 * checklist and photos by their stored keys, so the answer builds photo addresses from the image store of
 * the day, as it does for every other photo.
 */
import type { Checklist, Condition, ListedDimensions } from '@furniture-mart/shared';

export interface StoredSnapshotPhoto {
  id: string;
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  middleKey: string | null;
  middleWidth: number | null;
  middleHeight: number | null;
  flawCaption: string | null;
}

export interface StoredListingSnapshot {
  takenAt: string;
  title: string;
  description: string;
  condition: Condition;
  dimensions: ListedDimensions;
  checklist: Checklist | null;
  photos: StoredSnapshotPhoto[];
}
