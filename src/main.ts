import { mount } from 'svelte';
import App from './components/App.svelte';
import './components/theme.css';

mount(App, { target: document.getElementById('app')! });
