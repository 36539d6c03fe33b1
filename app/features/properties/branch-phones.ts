/**
 * A branch's telephone numbers as visitors see them, each with its label, for the property pages and the branch
 * pages alike: the office number, and the sales and lettings lines (spec point 3 branchSalesContactNumber /
 * branchLettingsContactNumber), which fall back to the office number when the branch has no separate line.
 */
import type { Channel } from '../../../db/schema/properties.ts';

export type BranchNumbers = {
  contactNumber: string;
  salesContactNumber: string | null;
  lettingsContactNumber: string | null;
};

export type PhoneLine = { label: string; telephone: string };

export function branchPhoneLines(numbers: BranchNumbers): { office: PhoneLine; sales: PhoneLine; lettings: PhoneLine } {
  return {
    office: { label: 'Office', telephone: numbers.contactNumber },
    sales: { label: 'Sales', telephone: numbers.salesContactNumber || numbers.contactNumber },
    lettings: { label: 'Lettings', telephone: numbers.lettingsContactNumber || numbers.contactNumber },
  };
}

/** The line for a channel's enquiries: what a property page shows when no department takes them. */
export function channelPhoneLine(numbers: BranchNumbers, channel: Channel): PhoneLine {
  const lines = branchPhoneLines(numbers);
  return channel === 'lettings' ? lines.lettings : lines.sales;
}
