// The page's entry point (index.html loads it): the app's one root component, mounted with the theme.
import { mount } from 'svelte';
import App from './components/App.svelte';
import './components/theme.css';

mount(App, { target: document.getElementById('app')! });
