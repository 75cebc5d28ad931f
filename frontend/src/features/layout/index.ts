export { Logo, LogoMark } from './components/Logo';
export { SOCIAL_ICONS } from './components/SocialLinks';
export { ThemeToggle } from './components/ThemeToggle';
