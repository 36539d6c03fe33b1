/** Loading titles for the property page's modal routes while their code loads (spec point 2 modal routes). */
const TITLES: [RegExp, string][] = [
  [/\/(property-images|gallery-card-slider-expand\/[^/]+\/[^/]+)$/, 'Loading gallery'],
  [/\/floorplan$/, 'Loading floorplan'],
  [/\/epc-chart$/, 'Loading EPC chart'],
  [
    /\/(agricultural-sales-event|antiques-sales-event|property-auction-sales-event|history-images)\/[^/]+$/,
    'Loading gallery',
  ],
  [/\/video\/[^/]+$/, 'Loading video'],
  [/\/calculator$/, 'Loading calculators'],
  [/\/tenant-info$/, 'Loading tenant information'],
];

export function modalLoadingTitle(propertyPath: string, pathname: string): string | null {
  if (!pathname.startsWith(`${propertyPath}/`)) return null;
  const rest = pathname.slice(propertyPath.length);
  for (const [pattern, title] of TITLES) if (pattern.test(rest)) return title;
  return null;
}
