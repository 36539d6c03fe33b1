import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { RegisterForm } from './register-form.tsx';

/** Spec point 2: the profile screen is loaded lazily, with the loading title 'Loading user profile'. */
const ProfileScreen = lazyWithTimeout(() => import('./profile-screen.tsx'));

const PROFILE_LOADING_TITLE = 'Loading user profile';

export function AccountHome({ isSignedIn }: { isSignedIn: boolean }) {
  if (!isSignedIn) return <RegisterForm />;
  return (
    <LazyBoundary loadingTitle={PROFILE_LOADING_TITLE}>
      <ProfileScreen />
    </LazyBoundary>
  );
}
