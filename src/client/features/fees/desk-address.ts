/**
 * The fee desk's chosen student in an address's query (`?tab=record&student=12` on the fees page, `?student=12`
 * on a receipt printed from the desk), or null. Apart from the desk's code: the student's receipt page reads it.
 */
export function deskStudent(search: string): number | null {
  const id = Number(new URLSearchParams(search).get("student"));
  return Number.isInteger(id) && id > 0 ? id : null;
}
