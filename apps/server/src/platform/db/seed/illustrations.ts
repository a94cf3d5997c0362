/**
 * Furniture illustrations drawn by the project as SVG: category thumbnails, and demo product photos
 * (rendered through the same image pipeline as a seller's upload). Nothing is downloaded.
 */
export type Piece = 'bed' | 'dining' | 'kitchen' | 'armchair' | 'sofa' | 'desk' | 'wardrobe' | 'shelf' | 'table' | 'lamp';

export interface Palette {
  wall: string;
  floor: string;
  wood: string;
  fabric: string;
  accent: string;
}

export const palettes: Palette[] = [
  { wall: '#f6efe4', floor: '#d9c3a5', wood: '#8b5a2b', fabric: '#c0603f', accent: '#2f5d62' },
  { wall: '#e8f0ee', floor: '#b9c9c3', wood: '#6b4226', fabric: '#3f7cac', accent: '#e0a458' },
  { wall: '#f3e9f1', floor: '#d6c4cf', wood: '#a0522d', fabric: '#7a9e7e', accent: '#5b3758' },
  { wall: '#fdf6e3', floor: '#e4cfa3', wood: '#5c3a21', fabric: '#d4a373', accent: '#264653' },
  { wall: '#eef2f7', floor: '#c5cfdc', wood: '#7f5539', fabric: '#9c6644', accent: '#3a506b' },
  { wall: '#f1f5e9', floor: '#cfd8b8', wood: '#99582a', fabric: '#bb9457', accent: '#432818' },
];

const shapes: Record<Piece, (p: Palette) => string> = {
  bed: (p) => `
    <rect x="250" y="380" width="700" height="60" rx="10" fill="${p.wood}"/>
    <rect x="230" y="250" width="60" height="330" rx="12" fill="${p.wood}"/>
    <rect x="910" y="360" width="50" height="220" rx="10" fill="${p.wood}"/>
    <rect x="280" y="330" width="640" height="80" rx="30" fill="#ffffff"/>
    <rect x="520" y="310" width="400" height="110" rx="24" fill="${p.fabric}"/>
    <rect x="300" y="300" width="180" height="60" rx="26" fill="${p.accent}" opacity="0.85"/>
    <rect x="260" y="440" width="30" height="140" fill="${p.wood}"/><rect x="910" y="440" width="30" height="140" fill="${p.wood}"/>`,
  dining: (p) => `
    <rect x="330" y="380" width="540" height="36" rx="8" fill="${p.wood}"/>
    <rect x="370" y="416" width="26" height="170" fill="${p.wood}"/><rect x="804" y="416" width="26" height="170" fill="${p.wood}"/>
    <rect x="190" y="300" width="24" height="290" fill="${p.wood}"/><rect x="190" y="440" width="120" height="24" fill="${p.fabric}"/>
    <rect x="290" y="464" width="20" height="126" fill="${p.wood}"/>
    <rect x="986" y="300" width="24" height="290" fill="${p.wood}"/><rect x="890" y="440" width="120" height="24" fill="${p.fabric}"/>
    <rect x="890" y="464" width="20" height="126" fill="${p.wood}"/>
    <ellipse cx="600" cy="370" rx="70" ry="14" fill="${p.accent}"/><rect x="585" y="320" width="30" height="50" rx="8" fill="#ffffff"/>`,
  kitchen: (p) => `
    <rect x="250" y="360" width="700" height="230" rx="8" fill="${p.wood}"/>
    <rect x="240" y="340" width="720" height="28" rx="6" fill="${p.accent}"/>
    <rect x="280" y="390" width="200" height="170" rx="6" fill="${p.fabric}" opacity="0.9"/>
    <rect x="500" y="390" width="200" height="170" rx="6" fill="${p.fabric}" opacity="0.9"/>
    <rect x="720" y="390" width="200" height="170" rx="6" fill="${p.fabric}" opacity="0.9"/>
    <rect x="460" y="470" width="10" height="40" rx="4" fill="#fff"/><rect x="680" y="470" width="10" height="40" rx="4" fill="#fff"/>
    <rect x="250" y="150" width="700" height="130" rx="8" fill="${p.wood}" opacity="0.85"/>
    <circle cx="820" cy="320" r="18" fill="#ffffff"/>`,
  armchair: (p) => `
    <rect x="420" y="250" width="360" height="220" rx="60" fill="${p.fabric}"/>
    <rect x="370" y="360" width="90" height="170" rx="36" fill="${p.fabric}"/>
    <rect x="740" y="360" width="90" height="170" rx="36" fill="${p.fabric}"/>
    <rect x="450" y="420" width="300" height="100" rx="30" fill="${p.accent}"/>
    <rect x="400" y="520" width="26" height="70" fill="${p.wood}"/><rect x="774" y="520" width="26" height="70" fill="${p.wood}"/>`,
  sofa: (p) => `
    <rect x="260" y="270" width="680" height="200" rx="50" fill="${p.fabric}"/>
    <rect x="210" y="370" width="110" height="170" rx="40" fill="${p.fabric}"/>
    <rect x="880" y="370" width="110" height="170" rx="40" fill="${p.fabric}"/>
    <rect x="300" y="420" width="290" height="100" rx="26" fill="${p.accent}"/>
    <rect x="610" y="420" width="290" height="100" rx="26" fill="${p.accent}"/>
    <rect x="250" y="540" width="24" height="50" fill="${p.wood}"/><rect x="926" y="540" width="24" height="50" fill="${p.wood}"/>`,
  desk: (p) => `
    <rect x="280" y="360" width="640" height="32" rx="6" fill="${p.wood}"/>
    <rect x="300" y="392" width="24" height="198" fill="${p.wood}"/>
    <rect x="700" y="392" width="200" height="198" rx="6" fill="${p.wood}" opacity="0.9"/>
    <rect x="720" y="420" width="160" height="60" rx="4" fill="${p.fabric}"/><rect x="720" y="500" width="160" height="60" rx="4" fill="${p.fabric}"/>
    <rect x="470" y="250" width="180" height="110" rx="8" fill="${p.accent}"/><rect x="550" y="340" width="20" height="22" fill="${p.accent}"/>`,
  wardrobe: (p) => `
    <rect x="400" y="130" width="400" height="450" rx="10" fill="${p.wood}"/>
    <rect x="420" y="150" width="175" height="410" rx="6" fill="${p.fabric}" opacity="0.85"/>
    <rect x="605" y="150" width="175" height="410" rx="6" fill="${p.fabric}" opacity="0.85"/>
    <rect x="575" y="330" width="10" height="60" rx="4" fill="#fff"/><rect x="615" y="330" width="10" height="60" rx="4" fill="#fff"/>
    <rect x="410" y="580" width="30" height="14" fill="${p.wood}"/><rect x="760" y="580" width="30" height="14" fill="${p.wood}"/>`,
  shelf: (p) => `
    <rect x="420" y="140" width="24" height="450" fill="${p.wood}"/><rect x="756" y="140" width="24" height="450" fill="${p.wood}"/>
    <rect x="420" y="220" width="360" height="18" fill="${p.wood}"/><rect x="420" y="340" width="360" height="18" fill="${p.wood}"/>
    <rect x="420" y="460" width="360" height="18" fill="${p.wood}"/><rect x="420" y="570" width="360" height="20" fill="${p.wood}"/>
    <rect x="460" y="160" width="30" height="60" fill="${p.fabric}"/><rect x="495" y="170" width="26" height="50" fill="${p.accent}"/>
    <rect x="600" y="290" width="120" height="50" rx="6" fill="${p.fabric}"/><circle cx="500" cy="430" r="28" fill="${p.accent}"/>`,
  table: (p) => `
    <ellipse cx="600" cy="400" rx="260" ry="50" fill="${p.wood}"/>
    <rect x="585" y="420" width="30" height="150" fill="${p.wood}"/>
    <ellipse cx="600" cy="580" rx="120" ry="18" fill="${p.wood}"/>
    <rect x="520" y="330" width="60" height="60" rx="10" fill="${p.fabric}"/><circle cx="680" cy="370" r="26" fill="${p.accent}"/>`,
  lamp: (p) => `
    <polygon points="520,180 680,180 730,320 470,320" fill="${p.fabric}"/>
    <rect x="590" y="320" width="20" height="240" fill="${p.wood}"/>
    <ellipse cx="600" cy="570" rx="110" ry="22" fill="${p.wood}"/>
    <circle cx="600" cy="330" r="16" fill="${p.accent}"/>`,
};

export function furnitureSvg(piece: Piece, palette: Palette, label?: string): string {
  const caption = label
    ? `<text x="600" y="760" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" font-weight="700" text-anchor="middle" fill="${palette.accent}">${escapeXml(label)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 900" width="1200" height="900">
  <rect width="1200" height="900" fill="${palette.wall}"/>
  <rect y="600" width="1200" height="300" fill="${palette.floor}"/>
  <rect x="80" y="80" width="180" height="240" rx="8" fill="#ffffff" opacity="0.6"/>
  <ellipse cx="600" cy="600" rx="460" ry="26" fill="#000000" opacity="0.08"/>
  ${shapes[piece](palette)}
  ${caption}
</svg>`;
}

/**
 * A close-up of the same piece, for a demo flaw photo: the middle of the drawing, twice as large, with a
 * ring around where the flaw is.
 */
export function closeUpSvg(piece: Piece, palette: Palette): string {
  return furnitureSvg(piece, palette)
    .replace('viewBox="0 0 1200 900"', 'viewBox="300 225 600 450"')
    .replace(
      '</svg>',
      `<circle cx="600" cy="430" r="70" fill="none" stroke="#c0392b" stroke-width="10" stroke-dasharray="24 12"/>\n</svg>`,
    );
}

const categoryArt: Record<string, { piece: Piece; palette: number }> = {
  'bed-room': { piece: 'bed', palette: 0 },
  'dining-room': { piece: 'dining', palette: 1 },
  kitchen: { piece: 'kitchen', palette: 3 },
  'guest-room': { piece: 'armchair', palette: 2 },
  'living-room': { piece: 'sofa', palette: 4 },
  'study-room': { piece: 'desk', palette: 5 },
};

export function categoryThumbnailSvg(slug: string): string | null {
  // Own keys only: "constructor" or "toString" must not find Object.prototype's members.
  const art = Object.hasOwn(categoryArt, slug) ? categoryArt[slug] : undefined;
  return art ? furnitureSvg(art.piece, palettes[art.palette]!) : null;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
