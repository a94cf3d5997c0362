import type { Condition, Location } from '@furniture-mart/shared';
import type { Piece } from './illustrations.js';

export const DEMO_PASSWORD = 'furniture123';

export const demoAccounts = [
  { key: 'admin', name: 'Ayesha Admin', email: 'admin@furnituremart.test', role: 'admin', verified: false },
  { key: 'seller', name: 'Rahim Furniture House', email: 'seller@furnituremart.test', role: 'seller', verified: true },
  { key: 'seller2', name: 'Nadia Home Goods', email: 'seller2@furnituremart.test', role: 'seller', verified: false },
  { key: 'buyer', name: 'Karim Buyer', email: 'buyer@furnituremart.test', role: 'buyer', verified: false },
  { key: 'buyer2', name: 'Sara Buyer', email: 'buyer2@furnituremart.test', role: 'buyer', verified: false },
] as const;

export interface DemoProduct {
  category: string;
  title: string;
  description: string;
  piece: Piece;
  price: number;
  original: number;
  years: number;
  condition: Condition;
  location: Location;
  seller: 'seller' | 'seller2';
  advertised?: boolean;
  /** Width, depth and height in centimetres; given for every piece of a measured category. */
  dims?: [number, number, number];
  /** Diagonal depth of seating, in centimetres. */
  diagonal?: number;
  apart?: boolean;
  kg?: number;
}

export const demoProducts: DemoProduct[] = [
  { category: 'bed-room', title: 'Teak queen bed frame', description: 'Solid teak queen-size bed with a carved headboard. Sturdy slats, no mattress included.', piece: 'bed', price: 420, original: 900, years: 4, condition: 'good', location: 'Dhaka', seller: 'seller', advertised: true, dims: [160, 210, 110], apart: true, kg: 70 },
  { category: 'bed-room', title: 'Two-door mirrored wardrobe', description: 'Spacious wardrobe with a full-length mirror, hanging rail and three shelves.', piece: 'wardrobe', price: 260, original: 520, years: 3, condition: 'excellent', location: 'Chittagong', seller: 'seller2', dims: [120, 60, 200], kg: 85 },
  { category: 'bed-room', title: 'Single bed with storage', description: 'Single bed with two drawers underneath; ideal for a child or a guest room.', piece: 'bed', price: 150, original: 340, years: 6, condition: 'fair', location: 'Khulna', seller: 'seller2', dims: [95, 200, 45], apart: true, kg: 40 },
  { category: 'bed-room', title: 'Bedside reading lamp', description: 'Brass floor lamp with a linen shade, warm light, works perfectly.', piece: 'lamp', price: 35, original: 80, years: 2, condition: 'excellent', location: 'Dhaka', seller: 'seller', dims: [40, 40, 160], kg: 6 },
  { category: 'bed-room', title: 'Oak chest of drawers', description: 'Five-drawer oak chest, smooth runners, small scratch on the top.', piece: 'shelf', price: 180, original: 400, years: 7, condition: 'good', location: 'Sylhet', seller: 'seller', dims: [90, 45, 110], kg: 45 },
  { category: 'dining-room', title: 'Six-seat dining set', description: 'Mahogany dining table with six cushioned chairs. Seats recently reupholstered.', piece: 'dining', price: 650, original: 1400, years: 5, condition: 'good', location: 'Dhaka', seller: 'seller', advertised: true, dims: [180, 90, 76], apart: true, kg: 60 },
  { category: 'dining-room', title: 'Round pedestal table', description: 'Round walnut pedestal table, seats four, easy to move.', piece: 'table', price: 210, original: 450, years: 3, condition: 'excellent', location: 'Rajshahi', seller: 'seller2', dims: [110, 110, 76], apart: true, kg: 35 },
  { category: 'dining-room', title: 'Glass display cabinet', description: 'Display cabinet with glass doors and interior light, perfect for crockery.', piece: 'wardrobe', price: 300, original: 700, years: 8, condition: 'fair', location: 'Barisal', seller: 'seller2', dims: [100, 40, 190], kg: 55 },
  { category: 'dining-room', title: 'Four-seat breakfast set', description: 'Compact table with four chairs, fits a small dining corner.', piece: 'dining', price: 240, original: 480, years: 2, condition: 'excellent', location: 'Mymensingh', seller: 'seller', dims: [110, 70, 75], kg: 30 },
  { category: 'dining-room', title: 'Sideboard with three drawers', description: 'Mid-century style sideboard, plenty of storage for table linen.', piece: 'shelf', price: 275, original: 600, years: 6, condition: 'good', location: 'Rangpur', seller: 'seller2', dims: [150, 45, 80], kg: 50 },
  { category: 'kitchen', title: 'Modular kitchen cabinets', description: 'Set of three base cabinets with worktop; taken out during a renovation.', piece: 'kitchen', price: 380, original: 950, years: 4, condition: 'good', location: 'Dhaka', seller: 'seller', advertised: true },
  { category: 'kitchen', title: 'Kitchen pantry shelf', description: 'Tall pantry shelf in solid pine, five adjustable shelves.', piece: 'shelf', price: 90, original: 200, years: 3, condition: 'excellent', location: 'Khulna', seller: 'seller2' },
  { category: 'kitchen', title: 'Bar table for two', description: 'High bar table for a kitchen corner, steel base and wooden top.', piece: 'table', price: 110, original: 260, years: 2, condition: 'good', location: 'Chittagong', seller: 'seller', dims: [100, 60, 105], kg: 20 },
  { category: 'kitchen', title: 'Wall-mounted kitchen unit', description: 'Upper cabinets with soft-close doors, white finish.', piece: 'kitchen', price: 160, original: 380, years: 5, condition: 'fair', location: 'Sylhet', seller: 'seller2' },
  { category: 'kitchen', title: 'Kitchen island on wheels', description: 'Movable island with a butcher-block top, two drawers and a towel rail.', piece: 'kitchen', price: 230, original: 520, years: 1, condition: 'excellent', location: 'Dhaka', seller: 'seller' },
  { category: 'guest-room', title: 'Velvet armchair', description: 'Deep-seated velvet armchair in excellent condition, from a smoke-free home.', piece: 'armchair', price: 140, original: 320, years: 2, condition: 'excellent', location: 'Dhaka', seller: 'seller', advertised: true, dims: [80, 85, 90], diagonal: 70, kg: 25 },
  { category: 'guest-room', title: 'Sofa bed for guests', description: 'Three-seat sofa that unfolds into a double bed in seconds.', piece: 'sofa', price: 330, original: 750, years: 4, condition: 'good', location: 'Rajshahi', seller: 'seller2', dims: [200, 95, 90], kg: 65 },
  { category: 'guest-room', title: 'Compact guest wardrobe', description: 'Narrow wardrobe for a guest room, one hanging rail and a shelf.', piece: 'wardrobe', price: 120, original: 260, years: 5, condition: 'fair', location: 'Barisal', seller: 'seller', dims: [80, 55, 180], kg: 40 },
  { category: 'guest-room', title: 'Pair of side tables', description: 'Two matching round side tables, light oak.', piece: 'table', price: 70, original: 160, years: 3, condition: 'good', location: 'Rangpur', seller: 'seller2', dims: [45, 45, 55], kg: 8 },
  { category: 'guest-room', title: 'Reading corner lamp', description: 'Arc floor lamp, adjustable height, ideal beside an armchair.', piece: 'lamp', price: 45, original: 110, years: 1, condition: 'excellent', location: 'Mymensingh', seller: 'seller' },
  { category: 'living-room', title: 'Three-seat linen sofa', description: 'Comfortable linen sofa with removable, washable covers.', piece: 'sofa', price: 480, original: 1100, years: 3, condition: 'good', location: 'Dhaka', seller: 'seller', advertised: true, dims: [210, 90, 85], diagonal: 70, kg: 55 },
  { category: 'living-room', title: 'Coffee table in walnut', description: 'Low walnut coffee table with a lower shelf for magazines.', piece: 'table', price: 130, original: 300, years: 4, condition: 'good', location: 'Chittagong', seller: 'seller2', dims: [110, 60, 45], kg: 20 },
  { category: 'living-room', title: 'TV unit with shelves', description: 'Long TV unit with open shelves and two closed cupboards.', piece: 'shelf', price: 190, original: 420, years: 5, condition: 'fair', location: 'Khulna', seller: 'seller', dims: [180, 40, 50], kg: 35 },
  { category: 'living-room', title: 'Leather lounge chair', description: 'Brown leather lounge chair, beautifully worn in, no tears.', piece: 'armchair', price: 260, original: 650, years: 9, condition: 'good', location: 'Sylhet', seller: 'seller2', dims: [80, 85, 95], diagonal: 75, kg: 30 },
  { category: 'living-room', title: 'Corner bookcase', description: 'Five-tier corner bookcase that makes use of an awkward corner.', piece: 'shelf', price: 85, original: 190, years: 2, condition: 'excellent', location: 'Dhaka', seller: 'seller', dims: [60, 60, 180], kg: 25 },
  { category: 'study-room', title: 'Writing desk with drawers', description: 'Solid wood writing desk with three drawers and cable hole.', piece: 'desk', price: 200, original: 460, years: 3, condition: 'excellent', location: 'Dhaka', seller: 'seller', advertised: true, dims: [140, 70, 75], kg: 40 },
  { category: 'study-room', title: 'Standing desk frame', description: 'Height-adjustable desk, manual crank, top included.', piece: 'desk', price: 230, original: 500, years: 2, condition: 'good', location: 'Rajshahi', seller: 'seller2' },
  { category: 'study-room', title: 'Tall bookshelf', description: 'Tall bookshelf with six shelves, holds a whole library.', piece: 'shelf', price: 120, original: 280, years: 6, condition: 'fair', location: 'Barisal', seller: 'seller' },
  { category: 'study-room', title: 'Desk lamp and stool set', description: 'Adjustable desk lamp with a matching wooden stool.', piece: 'lamp', price: 40, original: 95, years: 1, condition: 'excellent', location: 'Rangpur', seller: 'seller2' },
  { category: 'study-room', title: 'Filing cabinet desk', description: 'Compact desk with a built-in filing cabinet, lockable.', piece: 'desk', price: 175, original: 390, years: 4, condition: 'good', location: 'Mymensingh', seller: 'seller' },
];
