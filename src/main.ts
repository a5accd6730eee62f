import { mount } from 'svelte';
import { registerServiceWorker } from './workers/register-service-worker.ts';
import App from './components/App.svelte';
import './components/theme.css';

mount(App, { target: document.getElementById('app')! });
void registerServiceWorker();
