/**
 * What the demo's good and fair pieces show of their condition (decision 0077): the caption of their
 * close-up flaw photo (the second photo) and the checklist questions their sellers answer "yes"; every
 * other question is answered "no". Kept apart from the pieces' own lines so both can grow on their own.
 */
import { checklistKeys, type Checklist, type ChecklistKey } from '@furniture-mart/shared';

export interface DemoEvidence {
  flaw: string;
  yes: ChecklistKey[];
}

export const demoEvidence: Record<string, DemoEvidence> = {
  'Teak queen bed frame': { flaw: 'Small dent on the foot rail, left corner', yes: ['scratches'] },
  'Single bed with storage': {
    flaw: 'One drawer front is chipped and sticks',
    yes: ['scratches', 'wobbles'],
  },
  'Oak chest of drawers': { flaw: 'Scratch about 5 cm long on the top', yes: ['scratches'] },
  'Six-seat dining set': { flaw: 'Water ring on the table top near one end', yes: ['stains'] },
  'Glass display cabinet': {
    flaw: 'Interior light works; one shelf clip replaced',
    yes: ['missingParts', 'scratches'],
  },
  'Sideboard with three drawers': { flaw: 'Faded finish on the top from sunlight', yes: [] },
  'Modular kitchen cabinets': { flaw: 'Screw holes left from the wall fixing', yes: ['scratches'] },
  'Bar table for two': { flaw: 'Light scuffs on the steel foot rest', yes: ['scratches'] },
  'Wall-mounted kitchen unit': {
    flaw: 'Grease mark inside one door, and a loose hinge',
    yes: ['stains', 'wobbles'],
  },
  'Sofa bed for guests': { flaw: 'Faint mark on the middle cushion', yes: ['stains', 'pets'] },
  'Compact guest wardrobe': { flaw: 'Door rubs at the bottom when it closes', yes: ['wobbles', 'scratches'] },
  'Pair of side tables': { flaw: 'Cup ring on one of the two tops', yes: ['stains'] },
  'Three-seat linen sofa': { flaw: 'Worn patch on the left arm cover', yes: ['pets'] },
  'Coffee table in walnut': { flaw: 'Chip on one corner of the lower shelf', yes: ['scratches'] },
  'TV unit with shelves': {
    flaw: 'Sagging middle shelf and marks on the top',
    yes: ['scratches', 'wobbles'],
  },
  'Leather lounge chair': { flaw: 'Creases and colour wear on the seat', yes: ['odour'] },
  'Standing desk frame': { flaw: 'Scuffed paint on one leg', yes: ['scratches'] },
  'Tall bookshelf': { flaw: 'Back panel bowed; one shelf peg missing', yes: ['missingParts', 'wobbles'] },
  'Filing cabinet desk': { flaw: 'Lock key missing; drawers open freely', yes: ['missingParts'] },
};

/** The stored checklist of a piece: "yes" to the questions named, "no" to the rest. */
export function checklistOf(yes: readonly ChecklistKey[]): Checklist {
  return Object.fromEntries(checklistKeys.map((key) => [key, yes.includes(key)])) as Checklist;
}
