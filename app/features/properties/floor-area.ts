/** One square foot is exactly 0.09290304 m² (the international foot is 0.3048 m). */
const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;

export function squareFeetToSquareMetres(squareFeet: number): number {
  return squareFeet * SQUARE_METRES_PER_SQUARE_FOOT;
}

export function squareMetresToSquareFeet(squareMetres: number): number {
  return squareMetres / SQUARE_METRES_PER_SQUARE_FOOT;
}

/** '1,250 sq ft (116 m²)': square feet as stored, square metres rounded to the nearest whole metre. */
export function formatFloorArea(squareFeet: number): string {
  const squareMetres = Math.round(squareFeetToSquareMetres(squareFeet));
  return `${Math.round(squareFeet).toLocaleString('en-GB')} sq ft (${squareMetres.toLocaleString('en-GB')} m²)`;
}
