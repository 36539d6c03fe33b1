import { describe, expect, it } from 'vitest';
import { distanceKm, MAX_BRANCH_DISTANCE_KM, nearestBranchWithin } from './branch-distance.ts';

const bath = { id: 1, name: 'Bath', location: { lat: 51.3839, lng: -2.3612 } };
const bristol = { id: 2, name: 'Bristol', location: { lat: 51.4557, lng: -2.6199 } };
const york = { id: 5, name: 'York', location: { lat: 53.9571, lng: -1.0868 } };

describe('nearest branch', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(bath.location, bath.location)).toBe(0);
    // Bath to Bristol is about 19.6 km as the crow flies.
    expect(distanceKm(bath.location, bristol.location)).toBeGreaterThan(18);
    expect(distanceKm(bath.location, bristol.location)).toBeLessThan(21);
  });

  it('picks the closest branch within the distance', () => {
    const keynsham = { lat: 51.413, lng: -2.497 };
    expect(nearestBranchWithin(keynsham, [york, bath, bristol])?.name).toBe('Bristol');
    expect(nearestBranchWithin({ lat: 51.39, lng: -2.35 }, [york, bristol, bath])?.name).toBe('Bath');
  });

  it('finds none when every branch is too far', () => {
    const london = { lat: 51.501, lng: -0.142 };
    expect(nearestBranchWithin(london, [bath, bristol, york])).toBeNull();
    expect(nearestBranchWithin(london, [])).toBeNull();
    expect(MAX_BRANCH_DISTANCE_KM).toBe(40);
  });

  it('counts a branch exactly at the limit and breaks ties by id', () => {
    const point = { lat: 51.4, lng: -2.5 };
    const twin = { ...bath, id: 9, location: bath.location };
    const distance = distanceKm(point, bath.location);
    expect(nearestBranchWithin(point, [twin, bath], distance)?.id).toBe(1);
  });
});
