/** Ask Kai's public face (issue 28, ADR 0045): the screen, which the router loads when /ask is opened. */
export { AskKaiScreen } from './ask-kai-screen.tsx';
