// A group's bucket as a reader sees it: bucketName in sentences, charts and rules, bucketText in the list's
// cells, where the group's column heading is near and a short form reads better.

/**
 * The label alone when it already starts with its group's name, singular or plural ("Ages 51-60" of "Age",
 * "Income 0-5000" of "Income"); otherwise the group first ("Languages: Speaks Hindi", "district: पालघर").
 */
export function bucketName(group: string, label: string): string {
  const g = group.toLowerCase();
  const stem = g.endsWith('s') ? g.slice(0, -1) : g;
  return stem === '' || label.toLowerCase().startsWith(stem) ? label : `${group}: ${label}`;
}

/** A bucket in a list cell: "Speaks Gujarati" says enough, "<= 30" or "yes" needs its group ("age <= 30"). */
export function bucketText(group: string, bucket: string): string {
  return /^[\p{L}]/u.test(bucket) && !/^(no|yes|all)$/.test(bucket) ? bucket : `${group} ${bucket}`;
}
