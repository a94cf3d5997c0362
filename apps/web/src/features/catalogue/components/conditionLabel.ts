import type { Condition } from '@furniture-mart/shared';

export const conditionLabels: Record<Condition, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
};
