import { describe, expect, it } from 'vitest';
import { branchPhoneLines, channelPhoneLine } from './branch-phones.ts';

describe('branch phone lines', () => {
  const numbers = { contactNumber: '01225 100000', salesContactNumber: '01225 200000', lettingsContactNumber: null };

  it('labels the office, sales and lettings lines, the missing ones falling back to the office number', () => {
    expect(branchPhoneLines(numbers)).toEqual({
      office: { label: 'Office', telephone: '01225 100000' },
      sales: { label: 'Sales', telephone: '01225 200000' },
      lettings: { label: 'Lettings', telephone: '01225 100000' },
    });
  });

  it("gives a channel's line with the label the branch page shows", () => {
    expect(channelPhoneLine(numbers, 'sales')).toEqual(branchPhoneLines(numbers).sales);
    expect(channelPhoneLine(numbers, 'lettings')).toEqual(branchPhoneLines(numbers).lettings);
    expect(channelPhoneLine({ ...numbers, salesContactNumber: '' }, 'sales').telephone).toBe('01225 100000');
  });
});
