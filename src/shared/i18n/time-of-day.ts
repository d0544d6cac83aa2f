/**
 * How a time of day is written, on the screens and by the server alike: Hindi and Marathi name the part of the
 * day ("सुबह 9:56", "सकाळ 9:56"), which also reads inside their words ("26 नवंबर 2026 को सुबह 8:30 बजे"), not
 * "9:56 am"/"9:56 AM"; English keeps "3:05 pm".
 */
export const timeOfDay = (english: boolean): Intl.DateTimeFormatOptions =>
  english ? { hour: "numeric", minute: "2-digit" } : { hour: "numeric", minute: "2-digit", dayPeriod: "short" };
