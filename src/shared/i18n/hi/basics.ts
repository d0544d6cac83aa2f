/**
 * The catalogues in Hindi that every form and message needs (accounts, validation, the general messages,
 * a person's stored choices) and the short maintenance notice, as one chunk: the forms load them together
 * anyway, and each chunk is an entry in the main script's chunk map (which the / page's JavaScript budget counts).
 */
export { default as account } from "./account.json";
export { default as maintenance } from "./maintenance.json";
export { default as messages } from "./messages.json";
export { default as person } from "./person.json";
export { default as validation } from "./validation.json";
