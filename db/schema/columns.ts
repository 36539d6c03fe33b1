import { customType } from 'drizzle-orm/pg-core';

export type GeoPoint = { lng: number; lat: number };

/**
 * A PostgreSQL `point` stored as (x = longitude, y = latitude).
 * PGlite answers '(x,y)' text while node-postgres parses it into {x, y}: accept both.
 */
export const geoPoint = customType<{ data: GeoPoint; driverData: string | { x: number; y: number } }>({
  dataType() {
    return 'point';
  },
  toDriver(value) {
    return `(${value.lng},${value.lat})`;
  },
  fromDriver(value) {
    if (typeof value === 'string') {
      const [x, y] = value.replace(/[()]/g, '').split(',').map(Number);
      return { lng: x ?? 0, lat: y ?? 0 };
    }
    return { lng: value.x, lat: value.y };
  },
});
