/** The season's public face (issue 30): the screen, which the router loads when /season is opened. */
export { SeasonScreen } from './season-screen.tsx';
