import { createStore } from '../../app/store';

/** Bumped whenever links change off the list page (add/edit pages, a check from /linkInfo): the list reloads. */
export const linksChanged = createStore(0);
export const linksDidChange = () => linksChanged.set(linksChanged.get() + 1);

export const LIST_PATH = '/Link/index';
export const ADD_PATH = '/addLink';
export const UPDATE_PATH = '/updateLink';
export const INFO_PATH = '/linkInfo';
